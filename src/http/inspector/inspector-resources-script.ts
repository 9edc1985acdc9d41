/**
 * The inspector's "Stored resources" panel, part of the page's script (it uses its `call`, `el`,
 * `$`, `act`, `showError` and `specs`): the collections of every served user spec that has
 * some, with their counts, and the objects of the one picked, with their owners. Only user
 * specs are asked for (a built-in API has no collections); one that answers 404 (no collections)
 * is not asked again until the page is reloaded, so the console stays clean.
 */
export const INSPECTOR_RESOURCES_SCRIPT = `
  const withoutResources = new Set();
  const OBJECTS_SHOWN = 200;
  const JSON_SHOWN = 120;
  let picked = null;
  let resourcesRun = 0;

  const isPicked = (c) => picked !== null && picked.api === c.api && picked.name === c.name;
  const collectionPath = (c) => '/resources/' + encodeURIComponent(c.api) + '/' + encodeURIComponent(c.name);

  async function collectionsOf(api) {
    try {
      return (await call('GET', '/resources/' + encodeURIComponent(api))).map((c) => ({ api, ...c }));
    } catch (err) {
      if (err.status !== 404) throw err;
      withoutResources.add(api);
      return [];
    }
  }

  async function loadResources() {
    const run = ++resourcesRun;
    const apis = specs.filter((s) => !s.builtIn && !withoutResources.has(s.name)).map((s) => s.name);
    const found = (await Promise.all(apis.map(collectionsOf))).flat();
    if (picked !== null && !found.some(isPicked)) picked = null;
    const shown = found.find(isPicked);
    const objects = shown ? await call('GET', collectionPath(shown)) : [];
    if (run !== resourcesRun) return; // a later refresh started meanwhile: it renders
    $('resources-section').hidden = found.length === 0;
    $('collections').replaceChildren(...found.map(collectionRow));
    renderObjects(shown, objects);
  }

  function pick(c) {
    picked = { api: c.api, name: c.name };
    loadResources().catch(showError);
  }

  function collectionRow(c) {
    const empty = { type: 'button', 'aria-label': 'Empty ' + c.name + ' of ' + c.api, onclick: () => act(() => call('DELETE', collectionPath(c))) };
    if (c.count === 0) empty.disabled = '';
    return el('tr', {},
      el('td', {}, c.api),
      el('td', {}, el('button', { type: 'button', class: 'pick', 'aria-pressed': String(isPicked(c)), title: 'Show its objects', onclick: () => pick(c) }, c.name)),
      c.path === undefined ? el('td', { class: 'muted' }, 'bound in the identity file') : el('td', { class: 'path' }, c.path),
      el('td', {}, c.visibility),
      el('td', { class: 'num' }, c.count),
      el('td', {}, el('button', empty, 'Empty')));
  }

  function renderObjects(c, list) {
    $('objects-pane').hidden = !c;
    if (!c) return;
    const nested = c.parentParams.length > 0;
    $('h-objects').textContent = c.name + ' of ' + c.api + ': ' + list.length + (list.length === 1 ? ' object' : ' objects');
    $('objects-head').replaceChildren(el('tr', {},
      el('th', {}, 'Id'), el('th', {}, 'Owner'), nested ? el('th', {}, 'Parent (' + c.parentParams.join('/') + ')') : null,
      el('th', {}, 'Object'), el('th', {})));
    $('objects').replaceChildren(...list.slice(0, OBJECTS_SHOWN).map((o) => objectRow(c, o, nested)));
    $('objects-more').textContent = list.length === 0 ? 'No objects.' : list.length > OBJECTS_SHOWN ? 'The first ' + OBJECTS_SHOWN + ' are shown.' : '';
  }

  function objectRow(c, o, nested) {
    const json = JSON.stringify(o.object);
    const long = json.length > JSON_SHOWN;
    const where = o.parent ? ' under ' + o.parent : '';
    const remove = () => act(() => call('DELETE', collectionPath(c) + '/' + encodeURIComponent(o.id) + (nested ? '?parent=' + encodeURIComponent(o.parent) : '')));
    return el('tr', {},
      el('td', { class: 'json' }, o.id),
      o.owner === undefined ? el('td', { class: 'muted' }, 'no one') : el('td', {}, o.owner),
      nested ? el('td', { class: 'json' }, o.parent) : null,
      el('td', long ? { class: 'json', title: json } : { class: 'json' }, long ? json.slice(0, JSON_SHOWN - 1) + '…' : json),
      el('td', {}, el('button', { type: 'button', 'aria-label': 'Remove ' + c.name + ' ' + o.id + where, onclick: remove }, 'Remove')));
  }
`;
