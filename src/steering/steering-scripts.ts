import { BUMP_LUA } from '../store/redis/lua-helpers.js';

/**
 * Steering rules in Redis: one hash per namespace, `<id>` -> the rule's JSON (what never
 * changes), `<id>:used` -> its uses, `<id>:left` -> uses left (absent: no budget). Every
 * change of a rule bumps the namespace's version, which every instance reads with the
 * namespace's record on each request: their copies of the rules are then read again.
 * KEYS[1] is the namespace's record, KEYS[2] the hash.
 */

/** KEYS: record, rules, the global id counter. ARGV: JSON, uses left ('' none). Answers the new id. */
export const ADD_RULE = {
  keys: 3,
  lua:
    BUMP_LUA +
    String.raw`
local id = 'r' .. redis.call('INCR', KEYS[3])
redis.call('HSET', KEYS[2], id, ARGV[1], id .. ':used', 0)
if ARGV[2] ~= '' then redis.call('HSET', KEYS[2], id .. ':left', ARGV[2]) end
bumpVersion(KEYS[1])
return id
`,
};

/** KEYS: record, rules. ARGV: ids. Answers how many there were. */
export const REMOVE_RULES = {
  keys: 2,
  lua:
    BUMP_LUA +
    String.raw`
local n = 0
for _, id in ipairs(ARGV) do
  if redis.call('HDEL', KEYS[2], id, id .. ':used', id .. ':left') > 0 then n = n + 1 end
end
if n > 0 then bumpVersion(KEYS[1]) end
return n
`,
};

/** KEYS: record, rules. */
export const CLEAR_RULES = {
  keys: 2,
  lua:
    BUMP_LUA +
    String.raw`
if redis.call('DEL', KEYS[2]) > 0 then bumpVersion(KEYS[1]) end
return 0
`,
};

/**
 * KEYS: record, rules. ARGV: id. Takes one use in one step, so the instances together never
 * take more than the budget: answers 1, or 0 when the rule is gone or has none left. The
 * last use deletes the rule (and bumps the version, so no instance tries it again).
 */
export const USE_RULE = {
  keys: 2,
  lua:
    BUMP_LUA +
    String.raw`
local id = ARGV[1]
if redis.call('HEXISTS', KEYS[2], id) == 0 then return 0 end
local left = redis.call('HGET', KEYS[2], id .. ':left')
if left then
  left = tonumber(left)
  if left <= 0 then return 0 end
  if left == 1 then
    redis.call('HDEL', KEYS[2], id, id .. ':used', id .. ':left')
    bumpVersion(KEYS[1])
    return 1
  end
  redis.call('HSET', KEYS[2], id .. ':left', left - 1)
end
redis.call('HINCRBY', KEYS[2], id .. ':used', 1)
return 1
`,
};
