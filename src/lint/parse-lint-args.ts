import { Command, CommanderError, Option } from 'commander';
import { LintError } from './lint-error.js';

export const FORMATS = ['stylish', 'json', 'junit', 'sarif'] as const;
export const SEVERITIES = ['error', 'warn', 'info', 'hint'] as const;

export type LintFormat = (typeof FORMATS)[number];
export type FailSeverity = (typeof SEVERITIES)[number];

export interface LintArgs {
  files: string[];
  format: LintFormat;
  output?: string;
  failSeverity: FailSeverity;
  ruleset?: string;
  /** add the OWASP API Security Top 10 ruleset */
  owasp?: boolean;
  /** stylish: list every finding, not one line per rule */
  all?: boolean;
  /** also report what serve accepts: integer YAML keys, operations that are a $ref */
  strict?: boolean;
}

interface Out {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * Parses `authmock lint`'s arguments. Returns the arguments, or the exit code when
 * commander already answered (0 after --help, 2 after a usage error it printed).
 */
export function parseLintArgs(argv: readonly string[], out: Out): LintArgs | number {
  let parsed: LintArgs | undefined;
  const command = new Command('authmock lint')
    .description(
      "Lint OpenAPI 3.0 and 3.1 documents (YAML or JSON) with spectral:oas and authmock's auth and serving rules; --owasp adds the OWASP API Security Top 10 ruleset.",
    )
    .argument('[files...]', 'files or globs (default: the specs authmock serves, with its own .spectral.yaml)')
    .addOption(new Option('-f, --format <format>', 'report format').choices(FORMATS).default('stylish'))
    .option('-o, --output <file>', 'write the report to this file instead of stdout')
    .addOption(
      new Option('-F, --fail-severity <severity>', 'exit 1 when a finding has this severity or a higher one')
        .choices(SEVERITIES)
        .default('error'),
    )
    .option('-r, --ruleset <file>', "a Spectral ruleset (YAML, JSON or JS) whose rules go on top of authmock's")
    .option('--owasp', 'also run the OWASP API Security Top 10 ruleset (a --ruleset that configures OWASP rules brings it too)')
    .option('--all', 'list every finding (stylish folds the repeats of a rule into one line with a count)')
    .option('--strict', 'also report what serve accepts: unquoted integer keys (200:), operations that are a $ref to another file')
    .addHelpText('after', '\nExit codes: 0 no finding at or above --fail-severity, 1 some, 2 usage error or unreadable file.')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => out.stdout.write(text),
      writeErr: (text) => out.stderr.write(text),
    })
    .action((files: string[], flags: Omit<LintArgs, 'files'>) => {
      parsed = { files, ...flags };
    });
  try {
    command.parse([...argv], { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    throw err;
  }
  if (!parsed) throw new LintError('arguments were not parsed');
  return parsed;
}
