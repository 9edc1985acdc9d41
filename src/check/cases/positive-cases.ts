import type { CheckCase } from '../case-types.js';
import type { OperationModel } from '../spec-model.js';
import { encodeBody, isXmlType } from '../encode-body.js';
import { makeCaseId, grantedRole, ownerCheck, positiveBody, requiredRoles, servedCall, type BuildInput } from './case-helpers.js';

const SUCCESS = { check: 'positive_data_acceptance', outcome: 'success' } as const;

/**
 * Requests a served caller makes, which must succeed: every spec example, every
 * declared request media type, every place a token may travel, every declared
 * answer format, every server of the spec.
 */
export function buildPositiveCases(m: OperationModel, input: BuildInput): CheckCase[] {
  return [
    ...exampleCases(m, input),
    ...mediaTypeCases(m, input),
    ...tokenPlacementCases(m, input),
    ...answerFormatCases(m, input),
    ...serverCases(m, input),
  ];
}

function definePositive(m: OperationModel, id: string, title: string, run: CheckCase['run'], tags: CheckCase['tags'] = {}): CheckCase {
  const caller = grantedRole(m);
  return {
    id: makeCaseId(m, 'positive', id),
    api: m.api,
    operationId: m.op.operationId,
    title,
    category: 'positive',
    requires: requiredRoles(m, caller),
    tags,
    run,
  };
}

function exampleCases(m: OperationModel, input: BuildInput): CheckCase[] {
  const caller = grantedRole(m);
  const verify = ownerCheck(m, input.accounts, caller);
  const examples = m.examples.length > 0 ? m.examples : [undefined];
  return examples.map((ex) =>
    definePositive(
      m,
      ex ? `example-${ex.name}` : 'request',
      ex ? `spec example "${ex.name}"` : 'a served caller is answered',
      async (ctx) => {
        await ctx.call(await servedCall(m, ctx.session, caller, ex?.value), { ...SUCCESS, verify });
      },
    ),
  );
}

/** Each declared request media type besides JSON, with that type's own example when it has one. */
function mediaTypeCases(m: OperationModel, input: BuildInput): CheckCase[] {
  return m.requestTypes
    .filter((t) => t !== 'application/json')
    .flatMap((type) => {
      const own = m.typeExamples.get(type)?.[0];
      const example = own?.value ?? m.examples[0]?.value;
      if (!example) return [];
      return [
        definePositive(
          m,
          `body-${type}`,
          `body as ${type}${own ? ` (spec example "${own.name}")` : ''}`,
          async (ctx) => {
            const call = await servedCall(m, ctx.session, grantedRole(m), example);
            const body = positiveBody(m, input.accounts, example, call.token)!;
            await ctx.call({ ...call, body: encodeBody(body, type, m.xmlRoot) }, SUCCESS);
          },
          { xml: isXmlType(type) },
        ),
      ];
    });
}

/** Query-parameter tokens (apiKey schemes in the query) and a `userToken`-style body field. */
function tokenPlacementCases(m: OperationModel, input: BuildInput): CheckCase[] {
  const caller = grantedRole(m);
  if (!caller) return [];
  const verify = ownerCheck(m, input.accounts, caller);
  const out = m.security.queryKeys.map((key) =>
    definePositive(m, `token-in-query-${key}`, `token as query parameter "${key}"`, async (ctx) => {
      const call = await servedCall(m, ctx.session, grantedRole(m));
      await ctx.call({ ...call, tokenInQuery: key }, { ...SUCCESS, verify });
    }),
  );
  const field = m.security.queryKeys.find((k) => m.bodySchema?.properties?.[k] !== undefined);
  if (field) {
    out.push(
      definePositive(
        m,
        `token-in-body-${field}`,
        `token as body field "${field}"`,
        async (ctx) => {
          const call = await servedCall(m, ctx.session, grantedRole(m));
          const body = { ...positiveBody(m, input.accounts, undefined, call.token), [field]: call.token };
          await ctx.call({ ...call, token: undefined, body: encodeBody(body, 'application/json') }, SUCCESS);
        },
        { prismAnswers: 'the token travels in a body field, which no declared security scheme covers, so Prism answers 401 itself' },
      ),
    );
  }
  return out;
}

/** Every XML answer type a success declares, asked for with Accept. */
function answerFormatCases(m: OperationModel, _input: BuildInput): CheckCase[] {
  const types = [...m.responseTypes.entries()].filter(([s]) => /^2/.test(s)).flatMap(([, t]) => t);
  return [...new Set(types)].filter(isXmlType).map((type) =>
    definePositive(
      m,
      `accept-${type}`,
      `answer as ${type} (Accept)`,
      async (ctx) => {
        const call = await servedCall(m, ctx.session, grantedRole(m));
        await ctx.call({ ...call, accept: type }, SUCCESS);
      },
      { xml: true },
    ),
  );
}

/** The spec's other servers (commerce: /rest/{store_code} with its default store). */
function serverCases(m: OperationModel, input: BuildInput): CheckCase[] {
  const paths = input.models[m.api].serverPaths;
  return paths.slice(1).map((path, i) =>
    definePositive(
      m,
      `server-${i + 1}`,
      `served under ${path || '/'}`,
      async (ctx) => {
        const call = await servedCall(m, ctx.session, grantedRole(m));
        await ctx.call({ ...call, server: i + 1 }, SUCCESS);
      },
      { altServer: true },
    ),
  );
}
