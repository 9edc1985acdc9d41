import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { checkSpecs } from './support.js';

const OPERATIONS = 40;

/** Public-style noise: forty operations whose examples fail their own schemas and which declare no 401. */
function noisySpec(): string {
  const paths: Record<string, unknown> = {};
  for (let i = 1; i <= OPERATIONS; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A thing.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
                example: { id: `thing-${i}` },
              },
            },
          },
          '403': { description: 'Forbidden.' },
          '429': { description: 'Too many requests.' },
        },
      },
    };
  }
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Noisy', version: '1' },
    servers: [{ url: '/noisy' }],
    security: [{ bearerAuth: [] }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
  const file = join(mkdtempSync(join(tmpdir(), 'authmock-noisy-')), 'noisy.openapi.json');
  writeFileSync(file, JSON.stringify(spec));
  return file;
}

describe('check --spec sorts failures by cause and groups them', () => {
  let am: Authmock;
  let spec: string;

  beforeAll(async () => {
    spec = noisySpec();
    am = await startAuthmock({ specs: [spec], logLevel: 'silent' });
  });
  afterAll(() => am.close());

  it("groups the 40 undeclared 401s and the 40 examples that fail their schemas as the spec's, each once with its count", async () => {
    const run = await checkSpecs({ spec: [spec], target: am.url });
    expect(run.code).toBe(1);
    const findings = run.stdout.slice(run.stdout.indexOf('The spec contradicts itself'));
    expect(findings).toMatch(/^The spec contradicts itself \(200 failed checks, 2 findings\): fix the spec/);
    expect(findings).toMatch(
      / 160 × status_code_conformance: status 401 is not declared \(declared: 200, 403, 429\)\n +in noisy getThing1, noisy getThing2, noisy getThing3, and 37 more/,
    );
    expect(findings).toMatch(
      / 40 × response_schema_conformance: the body does not match the 200 application\/json schema: \/id must be integer\n +in noisy getThing1, noisy getThing2, noisy getThing3, and 37 more/,
    );
    expect(findings).not.toContain('The server broke the spec');
    // four 401 cells of each operation (none, malformed, expired, revoked) and its one 200
    expect(run.stdout).toContain("[the spec's: it contradicts itself]");
  });

  it("spends a small --max-requests on every operation's first cells before any operation gets more", async () => {
    const run = await checkSpecs({ spec: [spec], target: am.url, maxRequests: String(2 * OPERATIONS + 10) });
    const cells = run.report.cases.filter((c) => c.matrix);
    for (const caller of ['none', 'exact-scopes']) {
      const row = cells.filter((c) => c.matrix.caller === caller);
      expect(row).toHaveLength(OPERATIONS);
      expect(row.filter((c) => c.status === 'skipped').map((c) => c.operationId)).toEqual([]);
    }
    expect(cells.some((c) => c.status === 'skipped' && /request budget/.test(c.skipReason ?? ''))).toBe(true);
  });
});
