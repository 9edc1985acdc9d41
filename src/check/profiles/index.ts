import type { ApiProfile } from '../api-profile.js';
import { commerceCheckerProfile } from './commerce.js';
import { socialCheckerProfile } from './social.js';

/** What the checker knows of the built-in APIs beyond their specs, by API name. */
export const BUILTIN_PROFILES: Readonly<Record<string, ApiProfile>> = {
  commerce: commerceCheckerProfile,
  social: socialCheckerProfile,
};
