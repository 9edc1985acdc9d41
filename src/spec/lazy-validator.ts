import type { ValidateFunction } from 'ajv';

/**
 * A validator compiled on its first call. A user's spec can hold thousands of schemas;
 * compiling them all before the first request made a 1,000-operation spec start in
 * seconds (and reload as slowly under --watch), while a request needs only its own.
 */
export function lazyValidator(make: () => ValidateFunction): ValidateFunction {
  let real: ValidateFunction | undefined;
  const validate = function (this: unknown, data: unknown, ctx?: unknown) {
    real ??= make();
    const ok = (real as (this: unknown, d: unknown, c?: unknown) => boolean).call(this, data, ctx);
    validate.errors = real.errors;
    return ok;
  } as unknown as ValidateFunction;
  validate.errors = null;
  return validate;
}
