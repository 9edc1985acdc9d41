import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SendCommand } from './command-batch.js';
import { DROP_NAMESPACE, NEXT_ID, SEED_NAMESPACE, UPDATE_NAMESPACE } from './namespace-scripts.js';
import { DELETE_IDENTITY, FIND_IDENTITY, PUT_IDENTITY } from './identity-scripts.js';
import {
  CLEAR_COLLECTIONS,
  COUNT_OBJECTS,
  CREATE_OBJECT,
  DELETE_OBJECT,
  LIST_OBJECTS,
  NEXT_INTEGER,
  REPLACE_OBJECT,
} from './collection-scripts.js';
import { REVOKE_TOKEN, REVOKE_USER_TOKENS, SAVE_TOKEN, SWEEP_TOKENS } from './token-scripts.js';
import { CLEAR_ALL_FAILURES, CLEAR_FAILURE, RECORD_FAILURE, SWEEP_FAILURES } from './failure-scripts.js';
import {
  ADD_KEY,
  EXTEND_KEY,
  REVOKE_ACCESS,
  RECORD_ACCESS,
  REVOKE_FAMILY,
  SAVE_CODE,
  SAVE_REFRESH,
  SWEEP_OAUTH,
  TAKE_CODE,
  USE_REFRESH,
} from './oauth-scripts.js';

/** Every Lua script of the Redis store, by the name it is called with. */
const SCRIPTS = {
  seedNamespace: SEED_NAMESPACE,
  dropNamespace: DROP_NAMESPACE,
  updateNamespace: UPDATE_NAMESPACE,
  nextId: NEXT_ID,
  putIdentity: PUT_IDENTITY,
  findIdentity: FIND_IDENTITY,
  deleteIdentity: DELETE_IDENTITY,
  createObject: CREATE_OBJECT,
  replaceObject: REPLACE_OBJECT,
  deleteObject: DELETE_OBJECT,
  nextInteger: NEXT_INTEGER,
  listObjects: LIST_OBJECTS,
  clearCollections: CLEAR_COLLECTIONS,
  countObjects: COUNT_OBJECTS,
  saveToken: SAVE_TOKEN,
  revokeUserTokens: REVOKE_USER_TOKENS,
  revokeToken: REVOKE_TOKEN,
  sweepTokens: SWEEP_TOKENS,
  recordFailure: RECORD_FAILURE,
  clearFailure: CLEAR_FAILURE,
  clearAllFailures: CLEAR_ALL_FAILURES,
  sweepFailures: SWEEP_FAILURES,
  addKey: ADD_KEY,
  extendKey: EXTEND_KEY,
  saveCode: SAVE_CODE,
  takeCode: TAKE_CODE,
  saveRefresh: SAVE_REFRESH,
  useRefresh: USE_REFRESH,
  revokeFamily: REVOKE_FAMILY,
  revokeAccess: REVOKE_ACCESS,
  recordAccess: RECORD_ACCESS,
  sweepOAuth: SWEEP_OAUTH,
} as const;

export type ScriptName = keyof typeof SCRIPTS;
export type RunScript = (name: ScriptName, keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

/**
 * How to run each of the store's scripts on the connection (EVALSHA, and EVAL when Redis
 * does not know the script, as after a restart).
 */
export function defineScripts(send: SendCommand): RunScript {
  const run = new Map(Object.entries(SCRIPTS).map(([name, script]) => [name, defineScript(send, name, script)]));
  return (name, keys, args) => run.get(name)!(keys, args);
}

/** A Lua script: how many of its arguments are keys, and its text. */
export interface LuaScript {
  keys: number;
  lua: string;
}

/**
 * How to run one script (the store's, or another part's kept in Redis: steering rules, the
 * journal): EVALSHA by its SHA-1, and EVAL once when Redis answers NOSCRIPT. Not ioredis's
 * defineCommand: every auto-pipeline ioredis makes (one per turn of the event loop under
 * load) copies each defined command onto itself, two dozen scripts there cost every
 * request's read a share of that.
 */
export function defineScript(
  send: SendCommand,
  name: string,
  { keys: count, lua }: LuaScript,
): (keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown> {
  const sha = createHash('sha1').update(lua).digest('hex');
  return (keys, args) => {
    if (keys.length !== count) throw new Error(`script ${name} takes ${count} keys, got ${keys.length}`);
    return send('evalsha', [sha, count, ...keys, ...args]).catch((err: unknown) => {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return send('eval', [lua, count, ...keys, ...args]);
    });
  };
}

/** A client's commands one at a time, for a connection that groups what it sends itself (the journal's). */
export const sendEach =
  (client: Redis): SendCommand =>
  (name, args) =>
    client.call(name, ...args);
