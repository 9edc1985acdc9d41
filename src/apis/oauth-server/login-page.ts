import type { AuthorizationRequest } from '../../auth/oauth2/authorize.js';

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1d2330}
main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:10px;padding:1.5rem 1.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}label{display:block;margin:.6rem 0}input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.45rem;border:1px solid #b8bfcc;border-radius:6px}
fieldset{border:1px solid #dde1e8;border-radius:6px;margin:1rem 0;padding:.5rem .9rem}fieldset label{margin:.3rem 0}
.error{background:#fdecec;color:#8a1c1c;padding:.5rem .75rem;border-radius:6px}.row{display:flex;gap:.75rem;margin-top:1rem}
button{flex:1;padding:.55rem;border-radius:6px;border:1px solid #3b5bdb;background:#3b5bdb;color:#fff;font-size:15px;cursor:pointer}
button[value=deny]{background:#fff;color:#3b5bdb}.hint{color:#667085;font-size:13px}`;

/** Parameters the page posts besides the request's own: never carried back as the request's. */
export const PAGE_FIELDS = ['username', 'password', 'decision', 'consent'];

export interface LoginPageView {
  request: AuthorizationRequest;
  /** the users of the client's spec, for people testing by hand */
  users: readonly string[];
  error?: string;
  username?: string;
}

/**
 * The authorization endpoint's page: sign in as a user of the spec and approve the scopes
 * the client asked for (each can be unticked). Everything is inline, so the page makes no
 * request of its own; it posts back to the URL it was served at, carrying the request's
 * parameters in hidden fields.
 */
export function loginPage(view: LoginPageView): string {
  const { request } = view;
  const hidden = [...request.params.entries()]
    .filter(([name]) => !PAGE_FIELDS.includes(name))
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const scopes = request.scopes.length
    ? `<fieldset><legend>Allow <b>${esc(request.client.clientId)}</b> to use</legend>${request.scopes
        .map((s) => `<label><input type="checkbox" name="consent" value="${esc(s)}" checked> ${esc(s)}</label>`)
        .join('')}</fieldset>`
    : '<p>No scopes were asked for.</p>';
  const username = view.username ?? request.loginHint ?? '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in to ${esc(request.client.api)}</title><style>${STYLE}</style></head><body><main>
<h1>Sign in to ${esc(request.client.api)}</h1>
<p><b>${esc(request.client.clientId)}</b> asks to act for you.</p>
${view.error ? `<p class="error" role="alert">${esc(view.error)}</p>` : ''}
<form method="post">${hidden}
<label>Username <input type="text" name="username" value="${esc(username)}" autocomplete="username" required autofocus></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
${scopes}
<div class="row"><button type="submit" name="decision" value="approve">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form>
<p class="hint">authmock test users of ${esc(request.client.api)}: ${view.users.map(esc).join(', ') || 'none'}</p>
</main></body></html>`;
}

/** A request the server cannot send back to the client (an unknown client, an unregistered redirect URI). */
export function errorPage(description: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization request refused</title><style>${STYLE}</style></head>
<body><main><h1>Authorization request refused</h1><p class="error" role="alert">${esc(description)}</p>
<p class="hint">The request is not sent back to the client: its client or redirect URI is not registered (RFC 6749 §4.1.2.1).</p></main></body></html>`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
