import { BUMP_LUA } from './lua-helpers.js';

/**
 * Tokens: a hash of id -> JSON per namespace, a set of ids per user (revocation reads
 * it instead of every token), and a sorted set of expiring ids for the sweep. Every
 * script keeps the three in step. The per-user set of a token found by id is named from
 * the prefix passed in ARGV: it carries the namespace's hash tag, so it is in the
 * script's slot. What deletes a token bumps the namespace's version (other processes may
 * keep it); issuing one does not (nobody keeps a token that is not there).
 */

/**
 * KEYS: token id counter, tokens, token expiry, the user's set, the set of user sets.
 * ARGV: JSON of the record, expiresAt ('' never). The id is taken and the token stored
 * in one step, so no id is ever handed out without its token.
 */
export const SAVE_TOKEN = {
  keys: 5,
  lua: String.raw`
local id = tostring(redis.call('INCR', KEYS[1]))
redis.call('HSET', KEYS[2], id, ARGV[1])
if ARGV[2] ~= '' then redis.call('ZADD', KEYS[3], ARGV[2], id) end
redis.call('SADD', KEYS[4], id)
redis.call('SADD', KEYS[5], KEYS[4])
return id
`,
};

/** KEYS: record, tokens, token expiry, the user's set, the set of user sets. Answers how many were revoked. */
export const REVOKE_USER_TOKENS = {
  keys: 5,
  lua:
    BUMP_LUA +
    String.raw`
local n = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[4])) do
  n = n + redis.call('HDEL', KEYS[2], id)
  redis.call('ZREM', KEYS[3], id)
end
redis.call('DEL', KEYS[4])
redis.call('SREM', KEYS[5], KEYS[4])
if n > 0 then bumpVersion(KEYS[1]) end
return n
`,
};

/** KEYS[2] tokens, KEYS[3] token expiry; ARGV[3] the user set prefix. */
const FORGET_TOKEN_LUA = String.raw`
local function forgetToken(id, json)
  local t = cjson.decode(json)
  redis.call('SREM', ARGV[3] .. t.api .. ':' .. t.userType .. ':' .. t.userId, id)
  redis.call('ZREM', KEYS[3], id)
  return redis.call('HDEL', KEYS[2], id)
end
`;

/** KEYS: record, tokens, token expiry. ARGV: id, api, user set prefix. Answers 1 when it was there. */
export const REVOKE_TOKEN = {
  keys: 3,
  lua:
    FORGET_TOKEN_LUA +
    BUMP_LUA +
    String.raw`
local json = redis.call('HGET', KEYS[2], ARGV[1])
if not json or cjson.decode(json).api ~= ARGV[2] then return 0 end
bumpVersion(KEYS[1])
return forgetToken(ARGV[1], json)
`,
};

/** KEYS: record, tokens, token expiry. ARGV: now, limit, user set prefix. Answers how many were deleted. */
export const SWEEP_TOKENS = {
  keys: 3,
  lua:
    FORGET_TOKEN_LUA +
    BUMP_LUA +
    String.raw`
local n = 0
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))) do
  local json = redis.call('HGET', KEYS[2], id)
  if json then n = n + forgetToken(id, json) else redis.call('ZREM', KEYS[3], id) end
end
if n > 0 then bumpVersion(KEYS[1]) end
return n
`,
};
