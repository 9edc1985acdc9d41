import { describe, expect, it } from 'vitest';
import type { LoadedSpec } from './load-spec.js';
import { readSchemes } from './security-model.js';

const specWith = (description: string, name = 'Authorization'): LoadedSpec => ({
  path: '/x.yaml',
  file: 'x.yaml',
  name: 'x',
  id: 'x',
  doc: { openapi: '3.1.0', components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name, description } } } },
  sourceVersion: '3.1.0',
  includes: [],
  mended: 0,
  booleanBounds: [],
});
const prefixOf = (description: string, name?: string) => {
  const scheme = readSchemes(specWith(description, name)).schemes.get('key');
  return scheme?.type === 'apiKey' ? scheme.prefix : 'not an apiKey';
};

describe('the word before an Authorization API key, read from its description', () => {
  it.each([
    ['SSWS {API Token}', 'SSWS'],
    ['Send `Authorization: Token INFLUX_API_TOKEN`.', 'Token'],
    ['Example: authorization: Bot <token>', 'Bot'],
    ['Authorization: Key [your key]', 'Key'],
    ['Header: Authorization: Token $API_TOKEN', 'Token'],
  ])('%s → %s', (description, word) => expect(prefixOf(description)).toBe(word));

  it.each([
    'Your API key, sent as the Authorization header',
    'Authorization: YOUR_API_KEY',
    'Authorization: the key (see below)',
    'Authorization: token abc123',
  ])('none in %s', (description) => expect(prefixOf(description)).toBeUndefined());

  it('only for a key in the Authorization header', () =>
    expect(prefixOf('Authorization: Token INFLUX_API_TOKEN', 'X-Key')).toBeUndefined());
});
