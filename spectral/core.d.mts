// Types for TypeScript users of the exported ruleset (Spectral's JS API takes it as is).
import type { RulesetDefinition } from '@stoplight/spectral-core';

declare const ruleset: RulesetDefinition & { rules: Record<string, unknown> };
export default ruleset;
