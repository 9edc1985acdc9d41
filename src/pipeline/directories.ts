import type { Directory } from '../auth/directory.js';
import type { ServedApi } from './served-api.js';
import type { NamespaceView, Services } from './stages.js';

/**
 * Each API's directory in a namespace, made once per namespace view rather than once per
 * request: a view stands for one unchanged namespace record (namespaces.ts), and a
 * directory keeps nothing of a request, only where to look things up.
 */
export class Directories {
  private readonly byView = new WeakMap<NamespaceView, Map<ServedApi, Directory>>();

  constructor(private readonly services: Services) {}

  of(api: ServedApi, ns: NamespaceView): Directory {
    let apis = this.byView.get(ns);
    if (!apis) this.byView.set(ns, (apis = new Map()));
    let directory = apis.get(api);
    if (!directory) apis.set(api, (directory = api.directory(ns, this.services)));
    return directory;
  }
}
