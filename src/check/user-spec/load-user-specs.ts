import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ApiProfile } from '../api-profile.js';
import { describeApi, type ApiModel } from '../spec-model.js';
import { compileSpecs } from '../../spec/compile-specs.js';
import { buildSpecModel, type SpecModel } from '../../spec/spec-model.js';
import { identityFileBeside } from '../../apis/spec-api/index.js';
import { readIdentityFile } from '../../apis/spec-api/identity-file.js';
import { UsageError } from '../../core/usage-error.js';
import { collectionsOf } from '../../apis/spec-api/resources/build-resources.js';
import type { ServedCollection } from '../../pipeline/served-api.js';

/** A user's spec as the checker reads it: the server's model of it, and the checker's view of its operations. */
export interface UserSpec {
  name: string;
  file: string;
  model: SpecModel;
  api: ApiModel;
  /** its collections as `authmock serve` infers them (and its identity file binds), each with its owner rule */
  collections: readonly ServedCollection[];
  /** operationId -> the operation's tags */
  tags: ReadonlyMap<string, readonly string[]>;
}

/**
 * Loads each `--spec` as `authmock serve` does: any OpenAPI 3.x or Swagger 2.0 file, with
 * what its identity file beside it (`<name>.authmock.yaml`) adds to operations (scopes,
 * owner-only rules). Its name is the file name up to the first dot, as authmock serves it.
 * Its `$ref`s read files in its folder and `refRoots` only, as when served. Its schemas
 * compile when first used, as when served: `warnLater` hears of one the compiler refuses
 * (checked by neither the server nor the checker).
 */
export async function loadUserSpecs(
  files: readonly string[],
  refRoots: readonly string[] = [],
  warnLater: (api: string, message: string) => void = () => {},
): Promise<UserSpec[]> {
  const paths = files.map((f) => resolve(f));
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`--spec ${p}: no such file`);
  // No cache directory: the checker compiles afresh and never writes next to a server's state.
  const { specs, compiler } = await compileSpecs(paths, undefined, refRoots);
  const seen = new Set<string>();
  return specs.map((spec) => {
    if (seen.has(spec.name))
      throw new UsageError(`two --spec files are called ${spec.name}: a spec's name is its file name up to the first dot`);
    seen.add(spec.name);
    const beside = identityFileBeside(spec.path);
    const file = existsSync(beside) ? readIdentityFile(beside, undefined) : undefined;
    const model = buildSpecModel(spec, compiler, {
      overlay: file?.operations,
      schemeOverlay: file?.schemes,
      lenient: true,
      warnLater: (message) => warnLater(spec.name, message),
    });
    return {
      name: spec.name,
      file: spec.path,
      model,
      api: describeApi(profileOf(spec.name), model, { bodyUndescribed: true }),
      collections: collectionsOf(model, file?.bindings.resources ?? {}),
      tags: readTags(model),
    };
  });
}

/** A user's spec has no roles or flows: everything the checker does with it comes from the spec. */
function profileOf(api: string): ApiProfile {
  return { api, roles: {}, exampleRole: {}, readToken: () => undefined, owner: {}, pathRoles: {}, wrongCredentials: {} };
}

function readTags(model: SpecModel): Map<string, readonly string[]> {
  return new Map(
    model.operations.map((op) => {
      const tags: unknown = model.spec.doc.paths?.[op.path]?.[op.method.toLowerCase()]?.tags;
      return [op.operationId, Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []];
    }),
  );
}
