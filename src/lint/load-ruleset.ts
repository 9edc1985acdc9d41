import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import spectralCore from '@stoplight/spectral-core';
import type { Ruleset as SpectralRuleset, RulesetDefinition } from '@stoplight/spectral-core';
import { LintError } from './lint-error.js';
import { readRulesetDefinition } from './read-ruleset-definition.js';

const { Ruleset } = spectralCore;

/**
 * authmock's exported ruleset, loaded as plain JavaScript (no bundling needed): with OWASP
 * (spectral/ruleset.mjs) or without (spectral/core.mjs: spectral:oas, auth and serving rules).
 */
export async function importAuthmockRuleset(root: string, owasp = true): Promise<{ definition: RulesetDefinition; source: string }> {
  const source = join(root, 'spectral', owasp ? 'ruleset.mjs' : 'core.mjs');
  const module = (await import(pathToFileURL(source).href)) as { default: RulesetDefinition };
  return { definition: module.default, source };
}

/**
 * The ruleset `authmock lint` runs: authmock's, with the OWASP ruleset when `owasp` asks
 * for it, and on top of it the rules, overrides and extends of `userRuleset` when there is
 * one (its rules win, so it can also turn ours off). A user's ruleset that configures an
 * OWASP rule gets OWASP too: its `owasp:...` settings need the rules they name. The user's
 * file stays the top-level ruleset, so its `overrides` keep working relative to where it is.
 */
export async function loadRuleset(
  root: string,
  userRuleset: string | undefined,
  cwd: string,
  options: { owasp?: boolean } = {},
): Promise<SpectralRuleset> {
  if (userRuleset === undefined) {
    const base = await importAuthmockRuleset(root, options.owasp === true);
    return new Ruleset(base.definition, { severity: 'recommended', source: base.source });
  }
  const shown = relative(cwd, userRuleset) || userRuleset;
  if (!existsSync(userRuleset)) throw new LintError(`cannot read ruleset ${shown}`);
  let definition: RulesetDefinition;
  try {
    definition = await readRulesetDefinition(userRuleset);
  } catch (err) {
    throw new LintError(`ruleset ${shown} does not load: ${describe(err)}`);
  }
  const base = await importAuthmockRuleset(root, options.owasp === true || configuresOwasp(definition));
  const own = 'extends' in definition && definition.extends !== undefined ? definition.extends : [];
  const combined = { ...definition, extends: [base.definition, ...(Array.isArray(own) ? own : [own])] } as RulesetDefinition;
  try {
    return new Ruleset(combined, { severity: 'recommended', source: userRuleset });
  } catch (err) {
    throw new LintError(`ruleset ${shown} is not valid: ${describe(err)}`);
  }
}

/** Whether the ruleset sets an OWASP rule, in its rules or in an override. */
function configuresOwasp(definition: RulesetDefinition): boolean {
  const sets = (rules: unknown) => Object.keys(rules ?? {}).some((name) => name.startsWith('owasp:'));
  const { rules, overrides } = definition as { rules?: object; overrides?: { rules?: object }[] };
  return sets(rules) || (overrides ?? []).some((o) => sets(o.rules));
}

/** Spectral reports invalid rulesets as an AggregateError: name every part. */
function describe(err: unknown): string {
  const parts = (err as { errors?: unknown[] }).errors;
  if (Array.isArray(parts) && parts.length > 0) return parts.map((e) => (e as Error).message).join('; ');
  return (err as Error).message ?? String(err);
}
