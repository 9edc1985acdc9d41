/**
 * Lua shared by the scripts that write identities or drop a namespace. An identity is
 * kept as the JSON text Node wrote ({keys, data}); Lua decodes it only to read its keys
 * and never re-encodes it, so what a caller stored is what it reads back.
 */
export const IDENTITY_LUA = String.raw`
local SEP = '\0'

local function removeIdentity(ids, idkeys, api, kind, id)
  local field = api .. SEP .. kind .. SEP .. id
  local old = redis.call('HGET', ids, field)
  if not old then return 0 end
  for _, key in ipairs(cjson.decode(old).keys) do redis.call('HDEL', idkeys, api .. SEP .. kind .. SEP .. key) end
  redis.call('HDEL', ids, field)
  return 1
end

-- force: take keys over from other identities (seeding) instead of refusing
local function writeIdentity(ids, idkeys, api, kind, id, json, keys, force)
  for _, key in ipairs(keys) do
    local owner = redis.call('HGET', idkeys, api .. SEP .. kind .. SEP .. key)
    if owner and owner ~= id then
      if not force then return 'key-conflict' end
      removeIdentity(ids, idkeys, api, kind, owner)
    end
  end
  removeIdentity(ids, idkeys, api, kind, id)
  redis.call('HSET', ids, api .. SEP .. kind .. SEP .. id, json)
  for _, key in ipairs(keys) do redis.call('HSET', idkeys, api .. SEP .. kind .. SEP .. key, id) end
  return 'ok'
end
`;

/**
 * The namespace's version (in its record, read by every request): bumped by every write
 * that another process may hold a copy of (its read cache, its steering rules), so that
 * process drops its copies on its very next request. Never on a namespace that is gone:
 * the record would come back holding only a version.
 */
export const BUMP_LUA = String.raw`
local function bumpVersion(record)
  if redis.call('EXISTS', record) == 1 then redis.call('HINCRBY', record, 'version', 1) end
end
`;

/**
 * Lua shared by the scripts that write user specs' objects or drop a namespace. A
 * collection in one parent is a slot (api NUL collection NUL parent) in the namespace's
 * set of collections; its objects are a hash (id -> the value Node wrote: the owner's
 * JSON, a newline, the object's JSON) and its order a sorted set scored by creation
 * order, both named after the set (redis-keys.ts collectionKeys). Lua never decodes an
 * object: what a caller stored is what it reads back.
 */
export const COLLECTION_LUA = String.raw`
local function objectsKey(collections, slot) return collections .. ':o:' .. slot end
local function orderKey(collections, slot) return collections .. ':z:' .. slot end

-- integer: the id as an integer ('' when it is none), for the "one above the largest" counter;
-- force: over an object with the same id, which keeps its place (seeding) instead of refusing
local function writeObject(collections, counters, slot, id, value, integer, force)
  local objects, order = objectsKey(collections, slot), orderKey(collections, slot)
  if redis.call('HSETNX', objects, id, value) == 0 then
    if not force then return 'exists' end
    redis.call('HSET', objects, id, value)
  else
    local last = redis.call('ZRANGE', order, -1, -1, 'WITHSCORES')
    local seq = 1
    if last[2] then seq = tonumber(last[2]) + 1 end
    redis.call('ZADD', order, string.format('%.0f', seq), id)
  end
  redis.call('SADD', collections, slot)
  if integer ~= '' and tonumber(integer) > tonumber(redis.call('HGET', counters, slot) or '0') then
    redis.call('HSET', counters, slot, integer)
  end
  return 'ok'
end

-- forgets the collections whose slot starts with prefix (every one: ''), objects and
-- counters; answers how many objects went
local function dropCollections(collections, counters, prefix)
  local gone = 0
  for _, slot in ipairs(redis.call('SMEMBERS', collections)) do
    if string.sub(slot, 1, #prefix) == prefix then
      gone = gone + redis.call('HLEN', objectsKey(collections, slot))
      redis.call('DEL', objectsKey(collections, slot), orderKey(collections, slot))
      redis.call('SREM', collections, slot)
      redis.call('HDEL', counters, slot)
    end
  end
  return gone
end
`;

/**
 * KEYS are a namespace's fixed keys (redis-keys.ts fixedKeysOf), then the set of namespace
 * names, last. The per-user token sets are listed in KEYS[7], the collections in KEYS[14]
 * (their counters KEYS[15]).
 */
export const DROP_LUA =
  COLLECTION_LUA +
  String.raw`
local function dropNamespace(ns)
  local existed = redis.call('EXISTS', KEYS[1])
  dropCollections(KEYS[14], KEYS[15], '')
  local sets = redis.call('SMEMBERS', KEYS[7])
  for i = 1, #sets, 500 do redis.call('DEL', unpack(sets, i, math.min(i + 499, #sets))) end
  redis.call('DEL', unpack(KEYS, 1, #KEYS - 1))
  redis.call('SREM', KEYS[#KEYS], ns)
  return existed
end
`;
