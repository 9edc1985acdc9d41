/** A start-up failure the user can fix (a port in use, a missing file, two specs that collide): the CLI prints it and exits 2. */
export class StartError extends Error {
  override name = 'StartError';
}
