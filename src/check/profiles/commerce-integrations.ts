/**
 * The integrations the contract checker signs with (fixtures/commerce.yaml; override with
 * AUTHMOCK_INTEGRATION_* for another server): an active one allowed to read customers,
 * an inactive one, and an active one without Magento_Customer::customer. Plain data: the
 * checker reads it, nothing here imports the checker.
 */
export interface CheckIntegration {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  tokenSecret: string;
}

export interface CheckIntegrations {
  /** the API whose integrations these are */
  api: string;
  /** the protected read the cases sign (an ACL operation) and its path parameters */
  operationId: string;
  pathParams: Record<string, string | number>;
  allowed: CheckIntegration;
  inactive?: CheckIntegration;
  withoutResource?: CheckIntegration;
}

export function readCheckIntegrations(env: NodeJS.ProcessEnv = process.env): CheckIntegrations {
  const allowed = {
    consumerKey: env.AUTHMOCK_INTEGRATION_CONSUMER_KEY ?? 'erpconnectorconsumerkey000000001',
    consumerSecret: env.AUTHMOCK_INTEGRATION_CONSUMER_SECRET ?? 'erpconnectorconsumersecret000001',
    accessToken: env.AUTHMOCK_INTEGRATION_ACCESS_TOKEN ?? 'erpconnectoraccesstoken000000001',
    tokenSecret: env.AUTHMOCK_INTEGRATION_TOKEN_SECRET ?? 'erpconnectortokensecret000000001',
  };
  // the other two exist only in authmock's fixtures: left out when the signer was overridden
  const defaults = env.AUTHMOCK_INTEGRATION_CONSUMER_KEY === undefined;
  return {
    api: 'commerce',
    operationId: 'getCustomerById',
    pathParams: { customerId: 1 },
    allowed,
    ...(defaults
      ? {
          inactive: {
            consumerKey: 'retiredconnectorconsumerkey00002',
            consumerSecret: 'retiredconnectorconsumersecret02',
            accessToken: 'retiredconnectoraccesstoken00002',
            tokenSecret: 'retiredconnectortokensecret00002',
          },
          withoutResource: {
            consumerKey: 'catalogsyncconsumerkey0000000003',
            consumerSecret: 'catalogsyncconsumersecret0000003',
            accessToken: 'catalogsyncaccesstoken0000000003',
            tokenSecret: 'catalogsynctokensecret0000000003',
          },
        }
      : {}),
  };
}
