import type { Operation, SecurityScheme } from '../core/types.js';
import type { LoadedSpec } from './load-spec.js';
import type { SchemaCompiler } from './schema-compiler.js';
import { buildOperations, type OperationOverlay } from './build-operations.js';
import { readSchemes, type SchemeOverlay } from './security-model.js';
import { mountPath } from './mount-path.js';
import { findAuthGaps } from './auth-gaps.js';

/**
 * A spec as every part of authmock sees it, parsed and compiled once at start-up: the
 * server routes and answers by it, steering finds its examples in it, the checker derives
 * its cases from it. Immutable once built.
 */
export interface SpecModel {
  /** the file name up to its first dot: the API's name in URLs, the journal and the inspector */
  readonly name: string;
  readonly spec: LoadedSpec;
  /** where it is served: the path of its first `servers` URL, or `/` */
  readonly mount: string;
  readonly schemes: ReadonlyMap<string, SecurityScheme>;
  readonly operations: readonly Operation[];
  /** true when no operation has any security requirement: the API is served open */
  readonly open: boolean;
  /** what could not be served as declared, and the auth findings worth a look, for the start-up banner */
  readonly warnings: readonly string[];
}

export interface ModelOptions {
  /** the name to serve it under (default: the spec's own) */
  name?: string;
  /** by operationId: scopes and an owner rule an identity file adds */
  overlay?: Readonly<Record<string, OperationOverlay>>;
  /** what the identity file says of the schemes: API key prefixes, parameters that carry a credential */
  schemeOverlay?: SchemeOverlay;
  /** open operations without x-authmock-permission (the control API's spec) */
  defaultPermission?: 'anonymous';
  /** a user's spec: a schema the compiler refuses for a quirk is served unchecked, with a warning */
  lenient?: boolean;
  /**
   * what a validator compiled when first used could not be (a lenient spec's schemas compile
   * on first use); without it such a schema is still served unchecked, unreported: the
   * model's warnings are frozen by then
   */
  warnLater?: (message: string) => void;
}

export function buildSpecModel(spec: LoadedSpec, compiler: SchemaCompiler, options: ModelOptions = {}): SpecModel {
  const name = options.name ?? spec.name;
  const { schemes, warnings } = readSchemes(spec, options.schemeOverlay);
  const operations = buildOperations(name, spec, compiler, {
    schemes,
    credentialParams: new Set(Object.keys(options.schemeOverlay?.params ?? {})),
    overlay: options.overlay,
    defaultPermission: options.defaultPermission,
    lenient: options.lenient,
    warn: (m) => warnings.push(m),
    warnLater: options.warnLater ?? (() => {}),
  });
  if (spec.mended)
    warnings.push(`${spec.mended} schemas written for an older JSON Schema (list items, nullable beside $ref) were read as 2020-12`);
  if (spec.booleanBounds.length) warnings.push(describeBooleanBounds(spec.booleanBounds));
  for (const id of Object.keys(options.overlay ?? {})) {
    if (!operations.some((o) => o.operationId === id))
      warnings.push(`the identity file names operation ${id}, which the spec does not have`);
  }
  warnings.push(...findAuthGaps(schemes, operations));
  return Object.freeze({
    name,
    spec,
    mount: mountPath(spec.doc),
    schemes,
    operations: Object.freeze(operations),
    open: operations.every((o) => o.security.length === 0),
    warnings: Object.freeze(warnings),
  });
}

// the places a warning names before it only counts the rest
const NAMED_PLACES = 5;

function describeBooleanBounds(places: readonly string[]): string {
  const named = places.slice(0, NAMED_PLACES).join(', ');
  const more = places.length > NAMED_PLACES ? ` and ${places.length - NAMED_PLACES} more` : '';
  const schemas = places.length === 1 ? '1 schema gives' : `${places.length} schemas give`;
  return `${schemas} exclusiveMinimum or exclusiveMaximum as a boolean (OpenAPI 3.0's form), read as an exclusive bound: ${named}${more}`;
}
