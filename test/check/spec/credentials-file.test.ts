import { describe, expect, it } from 'vitest';
import { readCredentialsFile } from '../../../src/check/user-spec/read-credentials-file.js';
import { checkCredentialsFile } from '../../../src/check/user-spec/file-credentials.js';
import { readChallengeError } from '../../../src/check/user-spec/read-challenge.js';
import { checkSpecs, PETSTORE, writeTemp } from './support.js';

const read = (yaml: string, env: NodeJS.ProcessEnv = {}) => readCredentialsFile(writeTemp('creds.yaml', yaml), env);

describe('the credentials file of authmock check --spec', () => {
  it('takes ${NAME} from the environment, and names a variable that is not set without showing any value', () => {
    const file = read('credentials:\n  - { scheme: bearerAuth, scopes: [read], token: "${RT}", user: alice }\n', { RT: 'tok-123' });
    expect(file.credentials[0]).toMatchObject({
      scheme: 'bearerAuth',
      scopes: ['read'],
      token: 'tok-123',
      user: 'alice',
      expired: false,
      revoked: false,
    });
    expect(() => read('clients:\n  - { scheme: oauth, clientId: c, clientSecret: "${NOPE}" }\n')).toThrow(
      'credentials file creds.yaml: clients[0].clientSecret needs the environment variable NOPE, which is not set',
    );
  });

  it('refuses unknown keys, naming them, and credentials that give no secret or two kinds', () => {
    expect(() => read('credentials: []\nclient: []\n')).toThrow('client is not a known key (known: credentials, clients)');
    expect(() => read('credentials:\n  - { scheme: b, token: t, scope: [read] }\n')).toThrow('credentials[0].scope is not a known key');
    expect(() => read('credentials:\n  - { scheme: b, scopes: [] }\n')).toThrow(
      'credentials[0] must give one of token, key, or username and password',
    );
    expect(() => read('credentials:\n  - { scheme: b, token: t, key: k }\n')).toThrow(
      'must give one of token, key, or username and password',
    );
    expect(() => read('credentials:\n  - { scheme: b, token: t, expired: true, revoked: true }\n')).toThrow(
      'cannot be both expired and revoked',
    );
  });

  it('refuses a scheme no spec declares, and a secret of the wrong kind for the scheme', () => {
    const schemes = new Map([
      ['basicAuth', { name: 'basicAuth', type: 'http', scheme: 'basic' } as const],
      ['bearerAuth', { name: 'bearerAuth', type: 'http', scheme: 'bearer' } as const],
    ]);
    expect(() => checkCredentialsFile(read('credentials:\n  - { scheme: nope, token: t }\n'), schemes)).toThrow(
      'credentials[0].scheme names nope, which no spec declares (declared: basicAuth, bearerAuth)',
    );
    expect(() => checkCredentialsFile(read('credentials:\n  - { scheme: basicAuth, token: t }\n'), schemes)).toThrow(
      'takes a username and password',
    );
    expect(() => checkCredentialsFile(read('clients:\n  - { scheme: bearerAuth, clientId: c }\n'), schemes)).toThrow(
      'is no oauth2 or openIdConnect scheme',
    );
  });

  it('is a usage error of the check (exit 2 from the CLI), before anything is sent', async () => {
    const creds = writeTemp('creds.yaml', 'credentials:\n  - { scheme: api_key, key: k, colour: blue }\n');
    await expect(checkSpecs({ spec: [PETSTORE], target: 'http://127.0.0.1:9', credentials: creds })).rejects.toThrow(
      /credentials\[0\]\.colour is not a known key/,
    );
  });
});

describe('reading an RFC 6750 challenge', () => {
  it('finds the Bearer challenge among others, and its error only', () => {
    expect(readChallengeError('Bearer realm="x", error="invalid_token", error_description="expired"')).toBe('invalid_token');
    expect(readChallengeError('Basic realm="x", charset="UTF-8", Bearer realm="x", error="insufficient_scope", scope="a b"')).toBe(
      'insufficient_scope',
    );
    expect(readChallengeError('Bearer realm="x", Basic realm="y", error="invalid_token"')).toBeUndefined();
    expect(readChallengeError('Bearer realm="x"')).toBeUndefined();
    expect(readChallengeError(null)).toBeUndefined();
  });
});
