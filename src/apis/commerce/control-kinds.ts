import type { ValidateFunction } from 'ajv';
import type { IdentityKind, IdentityTools } from '../../pipeline/served-api.js';
import { IdentityInputError } from '../../pipeline/served-api.js';
import type { SecretDigester } from '../../auth/secrets.js';
import { adminToIdentity, customerToIdentity, identityToAdmin, identityToCustomer } from './identities.js';
import { integrationKind } from './integration-kind.js';
import { currentTotp, decodeBase32 } from '../../auth/totp.js';

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

function need(input: Record<string, unknown>, ...names: string[]): void {
  const missing = names.filter((n) => str(input[n]) === undefined);
  if (missing.length)
    throw new IdentityInputError(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required (non-empty strings)`);
}

/** The platform's timestamp format in customer records: `2024-01-15 09:30:00`. */
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Customers and admins as the control API creates and changes them. */
export function commerceIdentityKinds(secrets: SecretDigester, customerSchema: ValidateFunction): Record<string, IdentityKind> {
  const checkRecord = (record: Record<string, unknown>) => {
    if (!customerSchema(record)) {
      const e = customerSchema.errors?.[0];
      throw new IdentityInputError(
        `the customer record does not match the commerce Customer schema: ${e?.instancePath || '/'} ${e?.message}`,
      );
    }
  };
  const customers: IdentityKind = {
    kind: 'customer',
    userType: 'customer',
    lookupKey: (ref) => ref.toLowerCase(),
    async create(input, tools: IdentityTools) {
      need(input, 'email', 'password', 'firstname', 'lastname');
      const { password, id: _ignored, ...fields } = input;
      const id = await tools.nextId();
      const now = stamp(tools.now());
      const record = {
        id,
        group_id: 1,
        created_at: now,
        updated_at: now,
        created_in: 'Default Store View',
        store_id: 1,
        website_id: 1,
        addresses: [],
        disable_auto_group_change: 0,
        extension_attributes: { is_subscribed: false },
        ...fields,
      } as Record<string, unknown>;
      checkRecord(record);
      return customerToIdentity({
        id,
        email: String(record.email),
        passwordDigest: secrets.digest(String(password)),
        websiteId: Number(record.website_id),
        record,
      });
    },
    update(current, patch) {
      const customer = identityToCustomer(current);
      const { password, id: _id, ...fields } = patch;
      if (password !== undefined) {
        need(patch, 'password');
        customer.passwordDigest = secrets.digest(String(password));
      }
      const record: Record<string, unknown> = { ...customer.record, ...fields, id: customer.id };
      checkRecord(record);
      return customerToIdentity({ ...customer, email: String(record.email), websiteId: Number(record.website_id), record });
    },
    view: (i) => identityToCustomer(i).record,
  };
  const admins: IdentityKind = {
    kind: 'admin',
    userType: 'admin',
    lookupKey: (ref) => ref.toLowerCase(),
    async create(input, tools) {
      need(input, 'username', 'password');
      return adminToIdentity({
        id: await tools.nextId(),
        username: String(input.username),
        passwordDigest: secrets.digest(String(input.password)),
        active: input.active !== false,
        resources: readResources(input.resources ?? 'all'),
        ...(input.googleSecret !== undefined && input.googleSecret !== null ? { googleSecret: readGoogleSecret(input.googleSecret) } : {}),
      });
    },
    update(current, patch) {
      const admin = identityToAdmin(current);
      if (patch.password !== undefined) {
        need(patch, 'password');
        admin.passwordDigest = secrets.digest(String(patch.password));
      }
      if (patch.active !== undefined) admin.active = patch.active === true;
      if (patch.resources !== undefined) admin.resources = readResources(patch.resources);
      if (patch.username !== undefined) {
        need(patch, 'username');
        admin.username = String(patch.username);
      }
      // the Google Authenticator secret (base32); null removes it (Google not configured)
      if (patch.googleSecret === null) delete admin.googleSecret;
      else if (patch.googleSecret !== undefined) admin.googleSecret = readGoogleSecret(patch.googleSecret);
      return adminToIdentity(admin);
    },
    view(i, now) {
      const a = identityToAdmin(i);
      return {
        id: a.id,
        username: a.username,
        active: a.active,
        resources: a.resources === 'all' ? 'all' : [...a.resources],
        googleConfigured: a.googleSecret !== undefined,
        // What an authenticator app shows now, on the namespace's clock: tests log in with it.
        ...(a.googleSecret !== undefined ? { currentCode: currentTotp(a.googleSecret, now) } : {}),
      };
    },
  };
  return { customers, admins, integrations: integrationKind };
}

function readResources(value: unknown): 'all' | ReadonlySet<string> {
  if (value === 'all') return 'all';
  if (Array.isArray(value) && value.every((r) => typeof r === 'string' && r.length > 0)) return new Set(value as string[]);
  throw new IdentityInputError('resources must be "all" or a list of ACL resource ids');
}

function readGoogleSecret(value: unknown): string {
  try {
    if (typeof value === 'string' && value.length > 0 && decodeBase32(value).length > 0) return value;
  } catch {
    // not base32: refused below
  }
  throw new IdentityInputError('googleSecret must be a base32 secret (A-Z, 2-7)');
}
