/** A command line the user can fix (a bad flag value, a missing argument): the CLI prints it and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
