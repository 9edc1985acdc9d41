import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthmock, type Authmock } from '../../../src/index.js';
import { cell, checkSpecs } from './support.js';

// Each thing vendors' specs do that once had `authmock check` blame authmock serving them
// (Box, Asana, Stripe, Swagger's Petstore), in one spec: see the file's opening comment.
const VENDORISH = join(import.meta.dirname, 'vendorish', 'vendorish.openapi.yaml');

describe('authmock check --spec against authmock serving what vendors write', () => {
  let am: Authmock;
  beforeAll(async () => {
    am = await startAuthmock({ specs: [VENDORISH] });
  });
  afterAll(() => am.close());

  it('finds nothing that is the server’s: every failure left is the spec’s own', async () => {
    const run = await checkSpecs({ spec: [VENDORISH], target: am.url, quiet: false });
    expect(run.stdout).not.toContain("[the server's");
    expect(run.stdout).not.toContain('The server broke the spec');
    const objectCell = (collection: string, key: string) =>
      run.report.cases.find((c) => c.id === `vendorish.${collection}.object-level.${key}`);
    // the token endpoint the spec declares is authmock's authorization server: its client authenticates in the body
    expect(cell(run, 'vendorish', 'requestToken', 'none')).toMatchObject({ status: 'skipped' });
    expect(cell(run, 'vendorish', 'requestToken', 'none').skipReason).toMatch(/OAuth token endpoint/);
    // a multipart create: A's list is asked with A's `parent`, and holds A's attachment
    expect(objectCell('attachments', 'b-lists'), run.stdout).toMatchObject({ status: 'passed' });
    // the create's body asks for the item's id (`namespace`), though the item does not
    expect(objectCell('taxonomies', 'a-reads-back'), run.stdout).toMatchObject({ status: 'passed' });
    // B's part upload is sent in the operation's own media type, so the server judges whose it is (404), not the type (415)
    expect(objectCell('uploads', 'b-writes'), run.stdout).toMatchObject({ status: 'passed', matrix: { got: 404 } });
    // a required filter A's collaboration need not meet: its absence from A's list is no finding
    expect(objectCell('collaborations', 'b-lists'), run.stdout).toMatchObject({ status: 'passed' });
    // a create answered by `default` carries the user; its `phone: 12345` example is sent as the string it must be
    expect(objectCell('users', 'a-reads-back'), run.stdout).toMatchObject({ status: 'passed' });
    // a GET that declares a form body is sent without one
    expect(cell(run, 'vendorish', 'getBalance', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
    // a create that sends no id and answers nothing: its object-level cells are skipped, saying why
    expect(objectCell('pings', 'a-reads-back')).toMatchObject({ status: 'skipped' });
    expect(objectCell('pings', 'a-reads-back')?.skipReason).toMatch(/cannot learn which object A made/);
    // a path template the spec declares no parameter for still reaches the operation
    expect(cell(run, 'vendorish', 'anything', 'exact-scopes')).toMatchObject({ status: 'passed', matrix: { got: 200 } });
    // a delete that declares only its errors: its 204 is the spec's omission
    const deleteCell = cell(run, 'vendorish', 'deleteUser', 'exact-scopes');
    expect(deleteCell.checks.find((k) => !k.passed)).toMatchObject({ name: 'status_code_conformance', specOmits: true });
  });
});
