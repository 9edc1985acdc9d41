/**
 * A problem with the command itself rather than with a spec's content: bad arguments, a
 * file that cannot be read or parsed, a ruleset that does not load. `authmock lint`
 * exits 2 on it; findings exit 1.
 */
export class LintError extends Error {
  override name = 'LintError';
}
