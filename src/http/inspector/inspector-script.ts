import { INSPECTOR_RESOURCES_SCRIPT } from './inspector-resources-script.js';

/** The inspector page's script: live requests over SSE, filters, and the control API's buttons. */
export const INSPECTOR_SCRIPT = `(() => {
  'use strict';
  const params = new URLSearchParams(location.search);
  const key = params.get('key');
  const base = location.pathname.replace(/\\/ui\\/?$/, '');
  const nsMatch = /^\\/__ns\\/([^/]+)\\//.exec(location.pathname);
  const $ = (id) => document.getElementById(id);
  $('ns').textContent = nsMatch ? decodeURIComponent(nsMatch[1]) : 'default';
  const entries = [];
  const MAX = 500;
  let specs = [];

  async function call(method, path, body) {
    const headers = { 'X-Authmock-Client': 'inspector' };
    if (key) headers['X-Authmock-Key'] = key;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // the control API refuses a state-changing request that a plain cross-site form could send
    if (method !== 'GET') headers['X-Authmock-Client'] = 'inspector';
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const data = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw Object.assign(new Error((data && (data.detail || data.title)) || res.statusText), { status: res.status });
    return data;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== undefined && c !== null) node.append(c instanceof Node ? c : String(c));
    return node;
  }

  const clock = (iso) => iso ? iso.slice(11, 19) : '';

  function describeAuth(e) {
    const a = e.auth, t = a.tokenPrefix ? 'token ' + a.tokenPrefix + '…' : 'the token';
    const said = {
      none: 'no token was sent',
      malformed: t + ' is not in this API\\'s format',
      'other-api': t + ' belongs to another API' + (a.detail ? ' (' + a.detail + ')' : ''),
      unknown: a.tokenPrefix || !a.detail ? t + ' is unknown in this namespace' : a.detail,
      invalid: a.detail || 'the credential is not valid',
      expired: t + ' has expired' + (a.detail ? ' (' + a.detail + ')' : ''),
      revoked: (a.detail || t + ' was revoked'),
      'no-identity': t + '\\'s user no longer exists',
      refused: 'the credentials were refused' + (a.detail ? ' (' + a.detail + ')' : ''),
      ok: 'authenticated as ' + (e.principal.userType || '') + ' ' + (e.principal.id || '') + (a.tokenPrefix ? ' (token ' + a.tokenPrefix + '…)' : ''),
    }[a.outcome] || a.outcome;
    return a.outcome + ': ' + said;
  }

  function describePermission(p) {
    if (p.outcome === 'not-checked') return 'not checked' + (p.required ? ' (needs ' + p.required + ')' : ' (no operation matched)');
    return p.outcome + ' (needs ' + p.required + ')';
  }

  function pretty(body) {
    try { return JSON.stringify(JSON.parse(body), null, 2); } catch { return body; }
  }

  function entryNode(e) {
    const statusClass = 'status s' + String(e.status)[0];
    const summary = el('summary', {},
      el('span', { class: statusClass }, e.status),
      el('span', { class: 'method' }, e.method),
      el('span', { class: 'path' }, e.path + (e.query ? '?' + e.query : '')),
      el('span', { class: 'op' }, e.operationId),
      el('span', { class: 'muted' }, clock(e.time) + ' · ' + e.durationMs + ' ms'),
      e.steered ? el('span', { class: 'steered' }, 'steered by ' + e.steered.rule) : null);
    const facts = el('dl', {},
      el('dt', {}, 'Caller'), el('dd', {}, e.principal.kind === 'user' ? e.principal.userType + ' ' + e.principal.id : 'guest'),
      el('dt', {}, 'Authentication'), el('dd', {}, describeAuth(e)),
      el('dt', {}, 'Permission'), el('dd', {}, describePermission(e.permission)),
      el('dt', {}, 'Served by'), el('dd', {}, e.instance));
    if (e.nearest) facts.append(el('dt', {}, 'Nearest operation'), el('dd', {}, e.nearest.operationId + ' (' + e.nearest.method + ' ' + e.nearest.path + '): ' + e.nearest.mismatch));
    if (e.steered) facts.append(el('dt', {}, 'Steering'), el('dd', {}, 'rule ' + e.steered.rule + (e.steered.status ? ', status ' + e.steered.status : '') + (e.steered.delayMs ? ', delayed ' + e.steered.delayMs + ' ms' : '') + (e.steered.fault ? ', fault ' + e.steered.fault : '')));
    const headers = (h) => Object.entries(h).map(([k, v]) => k + ': ' + v).join('\\n');
    const details = el('details', { 'data-id': e.id }, summary, facts,
      el('h3', {}, 'Request'), el('pre', {}, headers(e.request.httpHeaders) + (e.request.body ? '\\n\\n' + pretty(e.request.body) : '')),
      el('h3', {}, 'Answer'), el('pre', {}, headers(e.response.httpHeaders) + '\\n\\n' + pretty(e.response.body)));
    return el('li', {}, details);
  }

  function passes(e) {
    const f = new FormData($('filters'));
    const op = f.get('operationId').trim(), status = f.get('status').trim(), who = f.get('principal').trim();
    if (op && e.operationId !== op) return false;
    if (status && String(e.status) !== status) return false;
    if (who && !(who === 'guest' ? e.principal.kind === 'guest' : e.principal.id === who || e.principal.userType + ':' + e.principal.id === who)) return false;
    return true;
  }

  function render() {
    const list = $('requests');
    list.replaceChildren(...entries.filter(passes).map(entryNode));
    $('empty').hidden = list.children.length > 0;
  }

  function add(e) {
    if (entries.some((x) => x.id === e.id)) return;
    entries.unshift(e);
    if (entries.length > MAX) entries.pop();
    if (passes(e)) {
      $('requests').prepend(entryNode(e));
      $('empty').hidden = true;
    }
  }

  async function loadRequests() {
    const list = await call('GET', '/requests?limit=' + MAX);
    entries.length = 0;
    entries.push(...list);
    render();
  }

  function connect() {
    const source = new EventSource(base + '/requests/stream' + (key ? '?key=' + encodeURIComponent(key) : ''));
    source.addEventListener('open', () => { $('live').textContent = 'live'; });
    source.addEventListener('error', () => { $('live').textContent = 'reconnecting…'; });
    source.addEventListener('entry', (ev) => { const e = JSON.parse(ev.data); add(e); refreshSide(e); });
  }

  async function loadClock() {
    const c = await call('GET', '/clock');
    $('now').textContent = c.now;
    $('now').setAttribute('datetime', c.now);
    $('offset').textContent = c.offsetSeconds ? '(' + (c.offsetSeconds > 0 ? '+' : '') + c.offsetSeconds + ' s)' : '(real time)';
  }

  async function loadRules() {
    const rules = await call('GET', '/steering');
    $('rules').replaceChildren(...rules.map((r) => el('li', {},
      r.id + ': ' + r.operationId + (r.status ? ' → ' + r.status : '') + (r.delayMs !== undefined ? ' delay ' + JSON.stringify(r.delayMs) + ' ms' : '') + (r.fault ? ' fault ' + r.fault : '') + (r.username ? ' for ' + r.username : '') + (r.remaining !== undefined ? ', ' + r.remaining + ' left' : '') + ' ',
      el('button', { type: 'button', 'aria-label': 'Remove rule ' + r.id, onclick: () => act(() => call('DELETE', '/steering/' + r.id)) }, 'Remove'))));
  }

  async function loadSpecs() {
    specs = await call('GET', '/specs');
  }

  // the identity kinds of each API served: the built-ins' own, and every spec's users, API keys and clients
  const BUILT_IN_KINDS = { commerce: ['customers', 'admins'], social: ['users', 'apps'] };
  const SPEC_KINDS = ['users', 'api-keys', 'clients'];
  // how a journal entry names the caller an identity is (userType:id), by API ('spec' for any user spec) and kind:
  // the principal filter offers these; an API key calls as its user or as no one, so it offers nothing of its own
  const PRINCIPAL = {
    'commerce/customers': (i) => 'customer:' + i.id,
    'commerce/admins': (i) => 'admin:' + i.id,
    'social/users': (i) => 'social:' + i.userId,
    'spec/users': (i) => 'user:' + i.username,
    'spec/clients': (i) => 'client:' + i.clientId,
  };
  // "roni_cost@example.com (1)", "demo-mobile-app (Demo mobile app)": an app has a name, no id; no empty brackets
  function describeIdentity(i) {
    if (i.prefix !== undefined) return i.prefix + '…' + (i.user ? ' (' + i.user + ')' : ''); // an API key: never its secret
    const shown = i.email || i.username || i.clientId || i.apiKey || i.name || '';
    const aside = i.id ?? i.userId ?? (i.name && i.name !== shown ? i.name : undefined);
    return aside === undefined || aside === null || aside === '' ? shown : shown + ' (' + aside + ')';
  }
  async function loadIdentities() {
    const blocks = [];
    const principals = new Set();
    for (const spec of specs) {
      for (const kind of (spec.builtIn ? BUILT_IN_KINDS[spec.name] : SPEC_KINDS) ?? []) {
        let list;
        try { list = await call('GET', '/identities/' + encodeURIComponent(spec.name) + '/' + kind); } catch { continue; }
        if (!list.length && !spec.builtIn) continue;
        blocks.push(el('p', {}, el('strong', {}, spec.name + ' ' + kind + ': '), list.map(describeIdentity).join(', ') || 'none'));
        const principal = PRINCIPAL[(spec.builtIn ? spec.name : 'spec') + '/' + kind];
        if (principal) for (const i of list) principals.add(principal(i));
      }
    }
    $('identities').replaceChildren(...blocks);
    const offered = [...principals, 'guest'];
    $('principals').replaceChildren(...offered.map((p) => el('option', { value: p })));
    $('filters').elements.principal.placeholder = offered.slice(0, 2).join(', ');
  }

  async function loadLockouts() {
    const locks = await call('GET', '/lockouts');
    $('lockouts').replaceChildren(...locks.map((l) => el('tr', {},
      el('td', {}, l.username + ' (' + l.api + ' ' + l.userType + ')'), el('td', {}, l.failures),
      el('td', {}, l.locked ? clock(l.lockExpiresAt) : 'not locked'),
      el('td', {}, el('button', { type: 'button', 'aria-label': 'Unlock ' + l.username, onclick: () => act(() => call('DELETE', '/lockouts/' + encodeURIComponent(l.username))) }, 'Unlock')))));
  }

  async function loadTokens() {
    const tokens = await call('GET', '/tokens');
    // opaque tokens by their row id; JWT access tokens by their jti, with the client they were issued to
    // (a jti shortened and an expiry without its year, each whole in its title: the side column is narrow)
    $('tokens').replaceChildren(...tokens.map((t) => el('tr', {},
      el('td', { title: String(t.id) }, t.format === 'jwt' ? 'JWT ' + String(t.id).slice(0, 4) + '…' : t.id), el('td', {}, t.api),
      el('td', {}, t.userType + ' ' + t.userId + (t.format === 'jwt' && t.clientApp !== t.userId ? ' via ' + t.clientApp : '')),
      el('td', t.expiresAt ? { title: t.expiresAt } : {}, t.revoked ? 'revoked' : t.expiresAt ? (t.expired ? 'expired ' : '') + t.expiresAt.slice(5, 16).replace('T', ' ') : 'never'),
      el('td', {}, t.revoked ? '' : el('button', { type: 'button', 'aria-label': 'Revoke token ' + t.id, onclick: () => act(() => call('DELETE', '/tokens/' + t.api + '/' + encodeURIComponent(t.id))) }, 'Revoke')))));
  }

${INSPECTOR_RESOURCES_SCRIPT}
  let pending;
  let resourcesChanged = false;
  function refreshSide(e) {
    if (e.change) resourcesChanged = true; // "created todos 1"
    clearTimeout(pending);
    pending = setTimeout(() => {
      const loads = [loadLockouts(), loadTokens(), loadRules()];
      if (resourcesChanged) loads.push(loadResources());
      resourcesChanged = false;
      Promise.all(loads).catch(showError);
    }, 150);
  }

  function showError(err) { $('live').textContent = 'error: ' + err.message; }

  async function act(fn) {
    try { await fn(); } catch (err) { showError(err); }
    await loadSpecs().catch(showError);
    await Promise.all([loadClock(), loadRules(), loadLockouts(), loadTokens(), loadIdentities(), loadResources()]).catch(showError);
  }

  $('filters').addEventListener('input', render);
  $('filters').addEventListener('submit', (ev) => ev.preventDefault());
  $('clear-requests').addEventListener('click', () => act(async () => { await call('DELETE', '/requests'); entries.length = 0; render(); }));
  $('clock-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    act(() => call('POST', '/clock', { advanceSeconds: Number(new FormData(ev.target).get('advanceSeconds')) }));
  });
  $('real-clock').addEventListener('click', () => act(() => call('POST', '/clock', { real: true })));
  $('steering-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    const rule = { operationId: f.get('operationId').trim() };
    if (f.get('status')) rule.status = Number(f.get('status'));
    if (f.get('times')) rule.times = Number(f.get('times'));
    if (f.get('delayMs')) rule.delayMs = Number(f.get('delayMs'));
    if (f.get('fault')) rule.fault = f.get('fault');
    if (f.get('username').trim()) rule.username = f.get('username').trim();
    $('steering-error').textContent = '';
    call('POST', '/steering', rule).then(loadRules, (err) => { $('steering-error').textContent = err.message; });
  });

  (async () => {
    try {
      await loadRequests();
      connect();
      await act(async () => {});
    } catch (err) { showError(err); }
    setInterval(loadClock, 5000);
  })();
})();`;
