import { COLLECTION_LUA } from './lua-helpers.js';

/**
 * The scripts of user specs' collections (redis-collections.ts). None bumps the
 * namespace's version: no process keeps a copy of an object.
 */

/** objects read at most per HMGET (Lua's unpack has a limit) */
const CHUNK = 1000;

/**
 * KEYS: record, collections, collection counters. ARGV: slot, id, value, integer id or ''.
 * Answers ok, exists (nothing written) or no-namespace.
 */
export const CREATE_OBJECT = {
  keys: 3,
  lua:
    COLLECTION_LUA +
    String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return 'no-namespace' end
return writeObject(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3], ARGV[4], false)
`,
};

/** KEYS: objects. ARGV: id, the object's JSON. Keeps the owner (the value's first line); answers 1 when there was one. */
export const REPLACE_OBJECT = {
  keys: 1,
  lua: String.raw`
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], string.sub(old, 1, string.find(old, '\n', 1, true)) .. ARGV[2])
return 1
`,
};

/** KEYS: objects, order. ARGV: id. Answers 1 when there was one. */
export const DELETE_OBJECT = {
  keys: 2,
  lua: String.raw`
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('HDEL', KEYS[1], ARGV[1])
`,
};

/**
 * KEYS: record, collections, collection counters. ARGV: slot. One above the largest
 * integer id the collection has held (every write of an integer id moved the counter),
 * reserved; false without a namespace.
 */
export const NEXT_INTEGER = {
  keys: 3,
  lua: String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('SADD', KEYS[2], ARGV[1])
return redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
`,
};

/**
 * KEYS: objects, order. ARGV: offset, limit (-1: no limit), the JSON of the owner whose
 * objects (and no one's) are the only ones seen, or '' for every object. Answers how many
 * objects match, then id, value of each on the page, in creation order. Without an owner
 * it reads only the page (ZRANGE by index), however many objects the collection holds.
 */
export const LIST_OBJECTS = {
  keys: 2,
  lua: String.raw`
local offset, limit, owner = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local CHUNK = ${CHUNK}
local out = {0}
local size = redis.call('ZCARD', KEYS[2])
if owner == '' then
  out[1] = size
  if limit == 0 then return out end
  local stop = -1
  if limit > 0 then stop = offset + limit - 1 end
  local ids = redis.call('ZRANGE', KEYS[2], offset, stop)
  for i = 1, #ids, CHUNK do
    local part = {unpack(ids, i, math.min(i + CHUNK - 1, #ids))}
    local values = redis.call('HMGET', KEYS[1], unpack(part))
    for j = 1, #part do
      out[#out + 1] = part[j]
      out[#out + 1] = values[j]
    end
  end
  return out
end
local total = 0
for start = 0, size - 1, CHUNK do
  local ids = redis.call('ZRANGE', KEYS[2], start, start + CHUNK - 1)
  local values = redis.call('HMGET', KEYS[1], unpack(ids))
  for j = 1, #ids do
    local value = values[j]
    local who = string.sub(value, 1, string.find(value, '\n', 1, true) - 1)
    if who == 'null' or who == owner then
      if total >= offset and (limit < 0 or total < offset + limit) then
        out[#out + 1] = ids[j]
        out[#out + 1] = value
      end
      total = total + 1
    end
  end
end
out[1] = total
return out
`,
};

/** KEYS: collections, collection counters. ARGV: the slots' prefix (api NUL, or api NUL collection NUL). Answers how many objects went. */
export const CLEAR_COLLECTIONS = {
  keys: 2,
  lua: `${COLLECTION_LUA}return dropCollections(KEYS[1], KEYS[2], ARGV[1])`,
};

/** KEYS: collections. ARGV: api NUL. Answers collection, count of each slot of the API that holds objects. */
export const COUNT_OBJECTS = {
  keys: 1,
  lua:
    COLLECTION_LUA +
    String.raw`
local prefix = ARGV[1]
local out = {}
for _, slot in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if string.sub(slot, 1, #prefix) == prefix then
    local n = redis.call('HLEN', objectsKey(KEYS[1], slot))
    if n > 0 then
      local rest = string.sub(slot, #prefix + 1)
      out[#out + 1] = string.sub(rest, 1, string.find(rest, '\0', 1, true) - 1)
      out[#out + 1] = n
    end
  end
end
return out
`,
};
