import { BUMP_LUA, IDENTITY_LUA } from './lua-helpers.js';

/**
 * KEYS: record, identities, identity keys. ARGV: api, kind, id, JSON {keys, data}, keys...
 * Answers ok, key-conflict (nothing changed) or no-namespace.
 */
export const PUT_IDENTITY = {
  keys: 3,
  lua:
    IDENTITY_LUA +
    BUMP_LUA +
    String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return 'no-namespace' end
local keys = {}
for i = 5, #ARGV do keys[#keys + 1] = ARGV[i] end
local result = writeIdentity(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3], ARGV[4], keys, false)
if result == 'ok' then bumpVersion(KEYS[1]) end
return result
`,
};

/** KEYS: identities, identity keys. ARGV: api, kind, key. Answers {id, JSON} or false: one round trip. */
export const FIND_IDENTITY = {
  keys: 2,
  lua: String.raw`
local SEP = '\0'
local id = redis.call('HGET', KEYS[2], ARGV[1] .. SEP .. ARGV[2] .. SEP .. ARGV[3])
if not id then return false end
local json = redis.call('HGET', KEYS[1], ARGV[1] .. SEP .. ARGV[2] .. SEP .. id)
if not json then return false end
return {id, json}
`,
};

/** KEYS: record, identities, identity keys. ARGV: api, kind, id. Answers 1 when there was one. */
export const DELETE_IDENTITY = {
  keys: 3,
  lua:
    IDENTITY_LUA +
    BUMP_LUA +
    String.raw`
local removed = removeIdentity(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3])
if removed == 1 then bumpVersion(KEYS[1]) end
return removed
`,
};
