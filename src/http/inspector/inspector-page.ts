import { INSPECTOR_SCRIPT } from './inspector-script.js';

/**
 * The inspector page: one self-contained document (no CDN, no external request), served at
 * /__authmock/ui. Everything it shows comes from the control API of the namespace the page
 * was opened under; request data is put in the page as text only, never as markup.
 */
export function renderInspectorPage(operationIds: readonly string[]): string {
  const options = operationIds.map((id) => `<option value="${id.replace(/[^A-Za-z0-9_.-]/g, '')}">`).join('');
  return INSPECTOR_HTML.replace('<!--operations-->', options);
}

const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>authmock inspector</title>
<link rel="icon" href="data:,">
<style>
:root { font: 14px/1.4 system-ui, sans-serif; color: #1b1b1b; background: #fafafa; }
body { margin: 0; }
header { background: #23395d; color: #fff; padding: .5rem 1rem; display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 1.2rem; margin: 0; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(18rem, 1fr); gap: 1rem; padding: 1rem; }
section { background: #fff; border: 1px solid #ccc; border-radius: 4px; padding: .5rem 1rem; margin-bottom: 1rem; }
h2 { font-size: 1rem; margin: .3rem 0 .6rem; }
form.row, .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
label { display: flex; flex-direction: column; font-size: .85rem; }
input, select, button { font: inherit; padding: .2rem .4rem; }
button { cursor: pointer; }
ol#requests { list-style: none; margin: 0; padding: 0; }
ol#requests li { border-top: 1px solid #eee; }
summary { cursor: pointer; padding: .25rem 0; display: flex; gap: .6rem; flex-wrap: wrap; }
.status { font-weight: bold; min-width: 2.5rem; }
.s2 { color: #146c2e; } .s3 { color: #555; } .s4 { color: #a4262c; } .s5 { color: #7a0b0b; }
.steered { background: #fff4ce; padding: 0 .3rem; border-radius: 3px; }
.method { font-family: ui-monospace, monospace; min-width: 3.5rem; }
.path { font-family: ui-monospace, monospace; word-break: break-all; }
.op { color: #444; }
pre { background: #f3f3f3; padding: .4rem; overflow: auto; max-height: 20rem; white-space: pre-wrap; word-break: break-all; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: .3rem 0; }
dt { font-weight: bold; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; border-bottom: 1px solid #eee; padding: .15rem .3rem; vertical-align: top; }
.muted { color: #666; }
button.pick { background: none; border: 0; padding: 0; color: #23395d; text-decoration: underline; font-weight: bold; }
button.pick[aria-pressed="true"] { text-decoration: none; background: #dfe7f3; padding: 0 .3rem; border-radius: 3px; }
.json { font-family: ui-monospace, monospace; font-size: .85rem; word-break: break-all; }
th.num, td.num { text-align: right; }
#tokens button, #lockouts button { font-size: .8rem; padding: .1rem .3rem; white-space: nowrap; }
#tokens td:first-child { white-space: nowrap; font-family: ui-monospace, monospace; font-size: .8rem; }
@media (max-width: 800px) { main { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<header>
  <h1>authmock inspector</h1>
  <span>namespace <strong id="ns"></strong></span>
  <span id="live" role="status" aria-live="polite">connecting…</span>
</header>
<main>
<div>
  <section aria-labelledby="h-resources" id="resources-section" hidden>
    <h2 id="h-resources">Stored resources</h2>
    <table aria-label="Collections"><thead><tr><th>API</th><th>Collection</th><th>Path</th><th>Visibility</th><th class="num">Objects</th><th></th></tr></thead><tbody id="collections"></tbody></table>
    <div id="objects-pane" hidden>
      <h3 id="h-objects"></h3>
      <table aria-labelledby="h-objects"><thead id="objects-head"></thead><tbody id="objects"></tbody></table>
      <p id="objects-more" class="muted"></p>
    </div>
  </section>
  <section aria-labelledby="h-requests">
    <h2 id="h-requests">Requests</h2>
    <form class="row" id="filters" aria-label="Filter requests">
      <label>Operation <input name="operationId" list="operations" placeholder="any"></label>
      <label>Status <input name="status" inputmode="numeric" size="4" placeholder="any"></label>
      <label>Principal <input name="principal" list="principals" placeholder="guest"></label>
      <button type="button" id="clear-requests">Clear journal</button>
    </form>
    <datalist id="operations"><!--operations--></datalist>
    <datalist id="principals"></datalist>
    <ol id="requests" aria-label="Requests, newest first"></ol>
    <p id="empty" class="muted">No requests yet.</p>
  </section>
</div>
<div>
  <section aria-labelledby="h-clock">
    <h2 id="h-clock">Clock</h2>
    <p>Namespace time: <time id="now"></time> <span id="offset" class="muted"></span></p>
    <form class="row" id="clock-form">
      <label>Advance by (seconds) <input name="advanceSeconds" type="number" value="60" required></label>
      <button type="submit">Advance</button>
      <button type="button" id="real-clock">Back to real time</button>
    </form>
  </section>
  <section aria-labelledby="h-steering">
    <h2 id="h-steering">Steering rules</h2>
    <form id="steering-form">
      <div class="row">
        <label>Operation <input name="operationId" list="operations" required></label>
        <label>Status <input name="status" inputmode="numeric" size="4"></label>
        <label>Times <input name="times" type="number" min="1" value="1" size="3"></label>
      </div>
      <div class="row">
        <label>Delay ms <input name="delayMs" type="number" min="0" size="5"></label>
        <label>Fault <select name="fault"><option value="">none</option><option>reset</option><option>close</option><option>malformed</option></select></label>
        <label>Username <input name="username" size="12"></label>
        <button type="submit">Add rule</button>
      </div>
      <p id="steering-error" role="alert" class="s4"></p>
    </form>
    <ul id="rules"></ul>
  </section>
  <section aria-labelledby="h-identities">
    <h2 id="h-identities">Identities, tokens and lockouts</h2>
    <div id="identities"></div>
    <h3>Lockouts</h3>
    <table aria-label="Lockouts"><thead><tr><th>Name</th><th>Failures</th><th>Locked until</th><th></th></tr></thead><tbody id="lockouts"></tbody></table>
    <h3>Tokens</h3>
    <table aria-label="Tokens"><thead><tr><th>Id</th><th>API</th><th>Owner</th><th>Expires</th><th></th></tr></thead><tbody id="tokens"></tbody></table>
  </section>
</div>
</main>
<script>
${INSPECTOR_SCRIPT}
</script>
</body>
</html>
`;
