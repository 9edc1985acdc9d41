import { join } from 'node:path';
import { Option, type Command } from 'commander';

// What several commands' options share (main.ts, serve-command.ts).

/** Where the state goes when neither --state nor AUTHMOCK_STATE says (src/config.ts). */
export const STATE_DEFAULT = join('.authmock', 'state');

/** a repeatable flag's values, in order */
export const collect = (value: string, previous: string[]) => [...previous, value];

/** `--<type>-token-lifetime <s>`, one per kind of token each module issues. */
export function addLifetimeOptions(cmd: Command, modules: readonly { name: string; userTypes: readonly string[] }[]): void {
  for (const module of modules) {
    for (const type of module.userTypes)
      cmd.option(
        `--${type}-token-lifetime <s>`,
        // "social tokens", not "social social tokens": a type named after its API is said once
        `${type === module.name ? module.name : `${module.name} ${type}`} tokens expire after this many seconds (default: never)`,
      );
  }
}

/**
 * `--builtin-specs <dir>`, the built-in APIs' folder; `--specs <dir>`, its old name, still
 * works, hidden from the help, with a note on stderr.
 */
export function addBuiltinSpecsOption(cmd: Command, root: string): void {
  cmd
    .option('--builtin-specs <dir>', 'directory with commerce.openapi.yaml and social.openapi.yaml', join(root, 'specs'))
    .addOption(new Option('--specs <dir>').hideHelp())
    .on('option:specs', (dir: string) => {
      process.stderr.write('authmock: --specs is deprecated; use --builtin-specs\n');
      cmd.setOptionValueWithSource('builtinSpecs', dir, 'cli');
    });
}

/** The tokens a user's spec issues: a user's and an OAuth client's (`--user-token-lifetime`, `--client-token-lifetime`). */
export const SPEC_TOKEN_TYPES = { name: 'spec', userTypes: ['user', 'client'] } as const;
