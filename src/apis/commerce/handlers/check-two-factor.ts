import type { Call } from '../../../pipeline/stages.js';
import { verifyTotp } from '../../../auth/totp.js';
import { commerceError } from '../error-codes.js';
import type { Admin } from '../identities.js';

const GOOGLE = 'google';

/** The providers an admin must use, and those it has activated (only Google is modelled). */
function providersOf(admin: Admin): { providers: string[]; active: string[] } {
  const providers = [...(admin.tfaProviders ?? [GOOGLE])];
  return { providers, active: providers.filter((p) => p === GOOGLE && admin.googleSecret) };
}

/**
 * What POST /V1/integration/admin/token answers after a good password when two-factor
 * login is on: never a token (docs/commerce-integrations.md §7). The configuration e-mail
 * the platform sends is taken as sent.
 */
export function refuseAdminTokenWithTwoFactor(admin: Admin): never {
  const { providers, active } = providersOf(admin);
  if (providers.length === 0) throw commerceError('TFA_NO_PROVIDERS');
  if (active.length === providers.length) throw commerceError('TFA_USE_PROVIDER', { active_providers: active });
  throw commerceError('TFA_CONFIGURE_FIRST', { providers, active_providers: active });
}

/**
 * The Google provider's checks after the password (§7 steps 2-4): allowed, configured,
 * then the code at the namespace's time with the 2.4.8 leeway (§8). A wrong code does not
 * count towards the lockout.
 */
export function checkGoogleCode(ctx: Pick<Call, 'ns'>, admin: Admin, otp: string): void {
  const { providers } = providersOf(admin);
  if (!providers.includes(GOOGLE)) throw commerceError('TFA_PROVIDER_NOT_ALLOWED');
  if (!admin.googleSecret) throw commerceError('TFA_PROVIDER_NOT_CONFIGURED');
  if (otp === '' || !verifyTotp(admin.googleSecret, otp, ctx.ns.now())) throw commerceError('TFA_INVALID_CODE');
}
