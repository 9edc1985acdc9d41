import { BUMP_LUA, DROP_LUA, IDENTITY_LUA } from './lua-helpers.js';

/** a namespace's fixed keys (redis-keys.ts fixedKeysOf) and the set of names */
const NAMESPACE_KEYS = 17;

/**
 * Creates, resets or reseeds a namespace with its seed identities in one step.
 * KEYS: the namespace's fixed keys and the set of names (as DROP_LUA). ARGV: mode
 * (create | reset | reseed), name, now, seed hash, a new random epoch, how many arguments
 * the identities take, then per identity: api, kind, id, JSON {keys, data}, the number of
 * keys, the keys; then per seed object: slot, id, value, integer id or '' (redis-records.ts
 * seedArgs, seedObjectArgs), written over objects with the same ids. Answers the record
 * (HGETALL), or false when reseeding a namespace that does not exist. A namespace made
 * afresh gets a new epoch, so a copy kept of one deleted under the same name never passes
 * for it; a reseed bumps the version.
 */
export const SEED_NAMESPACE = {
  keys: NAMESPACE_KEYS,
  lua:
    `${IDENTITY_LUA}${DROP_LUA}${BUMP_LUA}` +
    String.raw`
local mode, ns = ARGV[1], ARGV[2]
local exists = redis.call('EXISTS', KEYS[1]) == 1
if mode == 'create' and exists then return redis.call('HGETALL', KEYS[1]) end
if mode == 'reseed' then
  if not exists then return false end
else
  if mode == 'reset' then dropNamespace(ns) end
  redis.call('HSET', KEYS[1], 'createdAt', ARGV[3], 'clockOffsetMs', '0', 'settings', '{}', 'seedHash', ARGV[4], 'epoch', ARGV[5], 'version', '0')
  redis.call('SADD', KEYS[#KEYS], ns)
end
local i = 7
local objectsFrom = i + tonumber(ARGV[6])
while i < objectsFrom do
  local n = tonumber(ARGV[i + 4])
  local keys = {}
  for j = 1, n do keys[j] = ARGV[i + 4 + j] end
  writeIdentity(KEYS[2], KEYS[3], ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], keys, true)
  i = i + 5 + n
end
for j = objectsFrom, #ARGV, 4 do
  writeObject(KEYS[14], KEYS[15], ARGV[j], ARGV[j + 1], ARGV[j + 2], ARGV[j + 3], true)
end
if mode == 'reseed' then
  redis.call('HSET', KEYS[1], 'seedHash', ARGV[4])
  bumpVersion(KEYS[1])
end
return redis.call('HGETALL', KEYS[1])
`,
};

/** KEYS and ARGV[1] (the name) as SEED_NAMESPACE; answers 1 when the namespace existed. */
export const DROP_NAMESPACE = {
  keys: NAMESPACE_KEYS,
  lua: `${DROP_LUA}return dropNamespace(ARGV[1])`,
};

/** KEYS: record. ARGV: clock offset, settings JSON ('' keeps either). Answers the record, or false. */
export const UPDATE_NAMESPACE = {
  keys: 1,
  lua: String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if ARGV[1] ~= '' then redis.call('HSET', KEYS[1], 'clockOffsetMs', ARGV[1]) end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'settings', ARGV[2]) end
return redis.call('HGETALL', KEYS[1])
`,
};

/** KEYS: record, counters. ARGV: counter name, atLeast. Answers the next value, or false without a namespace. */
export const NEXT_ID = {
  keys: 2,
  lua: String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local value = math.max(tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0') + 1, tonumber(ARGV[2]))
local text = string.format("%.0f", value)
redis.call('HSET', KEYS[2], ARGV[1], text)
return text
`,
};
