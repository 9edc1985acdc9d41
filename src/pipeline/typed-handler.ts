import type { Call } from './stages.js';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The success answers an operation declares, typed from the generated spec types. */
export type SuccessOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 ? { status: S; headers?: Record<string, string>; body: JsonOf<R[S]> } : never }[keyof R]
  : never;

/** The decoded JSON body of an operation (form and XML bodies decode to the same shape). */
export type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;

export type PathOf<O> = O extends { parameters: { path: infer P } }
  ? P extends undefined
    ? Record<never, never>
    : P
  : Record<never, never>;

export type TypedCall<O> = Omit<Call, 'body' | 'pathParams'> & {
  body: BodyOf<O>;
  pathParams: PathOf<O>;
};

/**
 * A handler keyed by operationId: a function of the request that returns its answer.
 * Failures are thrown as ApiError and rendered by the dialect.
 */
export type TypedHandler<O> = (ctx: TypedCall<O>) => Promise<SuccessOf<O>> | SuccessOf<O>;

export type HandlerMap<Ops> = { [K in keyof Ops]?: TypedHandler<Ops[K]> };
