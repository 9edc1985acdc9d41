import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, runCheck, startPrism, stopAll, type CheckRun, type Started } from './support.js';

/**
 * A plain `prism mock` of the same specs answers every request from the examples: it
 * accepts any token and any password. The checker must find that out
 * (docs/contract-checker.md lists what it finds).
 */
describe('authmock check against a plain prism mock', () => {
  let commerce: Started;
  let social: Started;
  let run: CheckRun;
  const failedIn = (caseId: string, check: string) => failures(run.report).filter((f) => f.caseId === caseId && f.name === check);

  beforeAll(async () => {
    [commerce, social] = await Promise.all([
      startPrism(['mock', 'specs/commerce.openapi.yaml']),
      startPrism(['mock', 'specs/social.openapi.yaml']),
    ]);
    run = await runCheck(['--commerce-url', commerce.url, '--social-url', social.url]);
  });
  afterAll(stopAll);

  it('fails the run', () => {
    expect(run.code).toBe(1);
    expect(run.report.passed).toBe(false);
    expect(run.report.totals.cases.failed).toBeGreaterThan(40);
  });

  it('finds garbage, revoked and other-API tokens accepted', () => {
    expect(failedIn('commerce.getcurrentcustomer.permission.garbage', 'access_denied')).toHaveLength(1);
    expect(failedIn('commerce.getcurrentcustomer.permission.revoked', 'access_denied')).toHaveLength(1);
    expect(failedIn('commerce.getcustomerbyid.permission.social-token', 'access_denied')).toHaveLength(1);
    expect(failedIn('social.getprofile.permission.garbage', 'access_denied')).toHaveLength(1);
    expect(failedIn('commerce.flow.token-lifecycle', 'revoked_token_rejected')).toHaveLength(2);
    expect(failedIn('social.flow.token-lifecycle', 'revoked_token_rejected')).toHaveLength(2);
  });

  it('finds the permission matrix ignored: customers and restricted admins served admin data', () => {
    expect(failedIn('commerce.getcustomerbyid.permission.customer', 'access_denied')).toHaveLength(1);
    expect(failedIn('commerce.getcustomerbyid.permission.restrictedadmin', 'access_denied')).toHaveLength(1);
    expect(failedIn('commerce.flow.own-record', 'answer_belongs_to_caller')).toHaveLength(1);
    expect(failedIn('commerce.flow.lookup-by-id', 'unknown_id_not_found')).toHaveLength(1);
  });

  it('finds wrong passwords accepted and no lockout', () => {
    expect(failedIn('commerce.createcustomeraccesstoken.negative.credentials-wrong-password', 'wrong_credentials_rejected')).toHaveLength(
      1,
    );
    expect(failedIn('social.login.negative.credentials-wrong-client-secret', 'wrong_credentials_rejected')).toHaveLength(1);
    expect(failedIn('commerce.flow.lockout', 'lockout_enforced')).toHaveLength(1);
  });

  it('finds XML request bodies not understood and XML answers that are not XML', () => {
    expect(failedIn('commerce.createcustomeraccesstoken.positive.body-application-xml', 'positive_data_acceptance')).toHaveLength(1);
    expect(failedIn('commerce.createcustomeraccesstoken.positive.accept-application-xml', 'xml_well_formedness')).toHaveLength(1);
  });

  it("finds error answers outside the spec (Prism's own body-parser error)", () => {
    expect(failedIn('commerce.createcustomeraccesstoken.negative.malformed-json', 'response_schema_conformance')).toHaveLength(1);
  });
});
