import type { CollectionBinding } from '../../../spec/infer-collections.js';
import type { Visibility } from '../../../auth/owner-rule.js';

/** One collection as the identity file describes it (docs/serving-your-spec.md, "Stored resources"). */
export interface ResourceInput extends CollectionBinding {
  visibility?: Visibility;
  others?: 404 | 403;
  adminScopes?: string[];
  seed: { owner?: string; object: Record<string, unknown> }[];
  /** generated objects added to the seeds (`generate: 25`, or with owners spread round-robin) */
  generate?: { count: number; owners?: string[] };
}
