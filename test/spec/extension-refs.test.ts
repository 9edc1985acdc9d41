import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/spec/load-spec.js';

describe("$refs inside vendor extensions (Redocly's x-topics, as bump.sh's Train Travel API has them)", () => {
  it('are set aside, not read, while the API objects still bring in their files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'authmock-xrefs-'));
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas', 'station.yaml'), 'type: object\nproperties:\n  id: { type: string }\n');
    writeFileSync(
      join(dir, 'train.openapi.yaml'),
      `openapi: 3.1.0
info: { title: Train, version: '1' }
x-topics:
  - title: Getting started
    content: { $ref: ./docs/getting-started.md }
  - title: Outside
    content: { $ref: ../../../etc/passwd }
paths:
  /stations:
    get:
      operationId: getStations
      x-codeSamples: [{ lang: sh, source: { $ref: ./samples/missing.sh } }]
      responses:
        '200':
          description: stations
          content: { application/json: { schema: { $ref: ./schemas/station.yaml } } }
`,
    );
    const spec = await loadSpec(join(dir, 'train.openapi.yaml'));
    expect(spec.doc['x-topics'][0].content).toEqual({ 'x-ref-not-read': './docs/getting-started.md' });
    expect(spec.doc['x-topics'][1].content).toEqual({ 'x-ref-not-read': '../../../etc/passwd' });
    expect(spec.doc.paths['/stations'].get['x-codeSamples'][0].source).toEqual({ 'x-ref-not-read': './samples/missing.sh' });
    const schema = spec.doc.paths['/stations'].get.responses['200'].content['application/json'].schema;
    expect(schema).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(spec.includes).toEqual([join(dir, 'schemas', 'station.yaml')]);
  });
});
