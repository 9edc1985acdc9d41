/** A request under `/__ns/<name>/...` runs in namespace `<name>`; the rest of its path is the API's. */
export const NAMESPACE_PATH_PREFIX = '/__ns/';
