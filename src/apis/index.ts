import type { ApiModule } from './api-module.js';
import { commerceModule } from './commerce/index.js';
import { socialModule } from './social/index.js';

/** The registry: the one list of the APIs authmock serves. */
export const API_MODULES: readonly ApiModule[] = [commerceModule, socialModule];

export type { ApiModule } from './api-module.js';
