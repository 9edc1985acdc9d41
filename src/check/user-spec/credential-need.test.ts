import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../../core/types.js';
import { passesFor } from './credential-need.js';

const SCHEMES: SecurityScheme[] = [
  { name: 'pat', type: 'http', scheme: 'bearer' },
  { name: 'other', type: 'http', scheme: 'bearer' },
  { name: 'oauth2', type: 'oauth2', flows: {} },
  { name: 'oidc', type: 'openIdConnect', url: 'https://id.example/.well-known/openid-configuration' },
  { name: 'key', type: 'apiKey', in: 'header', param: 'X-Key' },
  { name: 'key2', type: 'apiKey', in: 'header', param: 'x-key' },
  { name: 'basic', type: 'http', scheme: 'basic' },
];
const only = (...names: string[]) => new Map(SCHEMES.filter((s) => names.includes(s.name)).map((s) => [s.name, s]));
const all = only(...SCHEMES.map((s) => s.name));
const scheme = (name: string) => all.get(name)!;

describe("passesFor: whether the checker's credential for one scheme passes for another", () => {
  it.each<[string, string, ReadonlyMap<string, SecurityScheme>, boolean]>([
    ['pat', 'pat', all, true],
    ['pat', 'oauth2', all, false],
    ['pat', 'other', all, false],
    ['oauth2', 'pat', all, false],
    ['oauth2', 'oidc', all, true],
    ['pat', 'other', only('pat', 'other'), false],
    ['key', 'key2', all, true],
    ['key', 'pat', all, false],
    ['basic', 'pat', all, false],
  ])('against authmock: %s for %s', (sent, accepted, schemes, expected) => {
    expect(passesFor(scheme(sent), scheme(accepted), schemes, true)).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ['pat', 'oauth2', true],
    ['oauth2', 'pat', true],
    ['pat', 'other', true],
    ['key', 'key2', true],
    ['key', 'pat', false],
    ['basic', 'pat', false],
  ])('against another server, by place alone: %s for %s', (sent, accepted, expected) => {
    expect(passesFor(scheme(sent), scheme(accepted), all, false)).toBe(expected);
  });
});
