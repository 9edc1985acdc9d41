import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../../core/types.js';
import { passesFor } from './credential-need.js';

const pat: SecurityScheme = { name: 'pat', type: 'http', scheme: 'bearer' };
const other: SecurityScheme = { name: 'other', type: 'http', scheme: 'bearer' };
const oauth2: SecurityScheme = { name: 'oauth2', type: 'oauth2', flows: {} };
const oidc: SecurityScheme = { name: 'oidc', type: 'openIdConnect', url: 'https://id.example/.well-known/openid-configuration' };
const key: SecurityScheme = { name: 'key', type: 'apiKey', in: 'header', param: 'X-Key' };
const key2: SecurityScheme = { name: 'key2', type: 'apiKey', in: 'header', param: 'x-key' };
const basic: SecurityScheme = { name: 'basic', type: 'http', scheme: 'basic' };
const all = new Map([pat, other, oauth2, oidc, key, key2, basic].map((s) => [s.name, s]));
const bearersOnly = new Map([pat, other].map((s) => [s.name, s]));

describe("passesFor: whether the checker's credential for one scheme passes for another", () => {
  it.each<[SecurityScheme, SecurityScheme, ReadonlyMap<string, SecurityScheme>, boolean]>([
    [pat, pat, all, true],
    [pat, oauth2, all, false],
    [pat, other, all, false],
    [oauth2, pat, all, false],
    [oauth2, oidc, all, true],
    [oauth2, pat, new Map([pat, oauth2].map((s) => [s.name, s])), false],
    [pat, other, bearersOnly, false],
    [key, key2, all, true],
    [key, pat, all, false],
    [basic, pat, all, false],
  ])('against authmock: %o for %o', (sent, accepted, schemes, expected) => {
    expect(passesFor(sent, accepted, schemes, true)).toBe(expected);
  });

  it.each<[SecurityScheme, SecurityScheme, boolean]>([
    [pat, oauth2, true],
    [oauth2, pat, true],
    [pat, other, true],
    [key, key2, true],
    [key, pat, false],
    [basic, pat, false],
  ])('against another server, by place alone: %o for %o', (sent, accepted, expected) => {
    expect(passesFor(sent, accepted, all, false)).toBe(expected);
  });
});
