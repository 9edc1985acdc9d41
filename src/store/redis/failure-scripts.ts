import { BUMP_LUA } from './lua-helpers.js';

/**
 * Failed logins: a hash of field -> "failures lockExpiresAt" per namespace, and a sorted
 * set of the same fields scored by lockExpiresAt for the sweep.
 */

/**
 * KEYS: record, failures, failure expiry. ARGV: field, now, lockMs. One step, so failures
 * spread over several servers are all counted (docs/commerce-platform.md §13): a count
 * whose lock has expired starts again at one, each failure moves the lock's end.
 * Answers {failures, lockExpiresAt}, or false without a namespace. Bumps the version: other
 * processes may keep "no failures" for the name.
 */
export const RECORD_FAILURE = {
  keys: 3,
  lua:
    BUMP_LUA +
    String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
bumpVersion(KEYS[1])
local now = tonumber(ARGV[2])
local failures = 1
local previous = redis.call('HGET', KEYS[2], ARGV[1])
if previous then
  local space = string.find(previous, ' ', 1, true)
  if tonumber(string.sub(previous, space + 1)) > now then failures = tonumber(string.sub(previous, 1, space - 1)) + 1 end
end
local lockEnd = string.format('%.0f', now + tonumber(ARGV[3]))
redis.call('HSET', KEYS[2], ARGV[1], failures .. ' ' .. lockEnd)
redis.call('ZADD', KEYS[3], lockEnd, ARGV[1])
return {failures, lockEnd}
`,
};

/** KEYS: failures, failure expiry. ARGV: field. Answers 1 when there was a count. */
export const CLEAR_FAILURE = {
  keys: 2,
  lua: String.raw`
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('HDEL', KEYS[1], ARGV[1])
`,
};

/** KEYS: failures, failure expiry. Answers how many counts there were. */
export const CLEAR_ALL_FAILURES = {
  keys: 2,
  lua: String.raw`
local n = redis.call('HLEN', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2])
return n
`,
};

/** KEYS: failures, failure expiry. ARGV: now, limit. Deletes counts whose lock has expired. */
export const SWEEP_FAILURES = {
  keys: 2,
  lua: String.raw`
local n = 0
for _, field in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))) do
  n = n + redis.call('HDEL', KEYS[1], field)
  redis.call('ZREM', KEYS[2], field)
end
return n
`,
};
