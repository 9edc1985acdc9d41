/** A spec that cannot be served: names the file, the JSON pointer and the operation. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly operationId: string | undefined,
    readonly reason: string,
  ) {
    // a problem of the whole file (it is not YAML) names the file alone
    super(`${file}${pointer ? `#${pointer}` : ''}${operationId ? ` (operation ${operationId})` : ''}: ${reason}`);
    this.name = 'SpecError';
  }
}
