import type { operations } from '../../../generated/social.js';
import type { HandlerMap } from '../../../pipeline/typed-handler.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { getProfile } from './get-profile.js';

/** Keyed by operationId. */
export const socialHandlers: HandlerMap<operations> = { login, logout, getProfile };
