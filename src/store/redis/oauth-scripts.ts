/**
 * The authorization server's state in Redis, one namespace's in three keys: its signing
 * keys (a hash), its codes, refresh tokens, families and revoked access tokens (a hash of
 * prefixed fields), and a sorted set of those fields by when the sweep may delete them.
 * Records are JSON Node wrote; Lua reads them and never re-encodes one, so a state or a
 * flag lives in a field of its own.
 */

const FAMILY_LUA = String.raw`
local function at(ms) return string.format('%.0f', tonumber(ms)) end

-- every refresh token of the family is revoked, and the access token issued beside each
local function revokeFamily(oauth, expiry, family)
  local list = redis.call('HGET', oauth, 'f:' .. family)
  local n = 0
  if not list then return 0 end
  for hash in string.gmatch(list, '%S+') do
    local json = redis.call('HGET', oauth, 'r:' .. hash)
    if json then
      local t = cjson.decode(json)
      redis.call('HSET', oauth, 'rs:' .. hash, 'revoked', 'x:' .. t.accessJti, at(t.accessExpiresAt))
      redis.call('ZADD', expiry, at(t.accessExpiresAt), 'x:' .. t.accessJti)
      n = n + 1
    end
  end
  return n
end

local function saveRefresh(oauth, expiry, hash, json, family, expiresAt)
  redis.call('HSET', oauth, 'r:' .. hash, json, 'rs:' .. hash, 'current')
  local list = redis.call('HGET', oauth, 'f:' .. family)
  redis.call('HSET', oauth, 'f:' .. family, list and (list .. ' ' .. hash) or hash)
  redis.call('ZADD', expiry, expiresAt, 'r:' .. hash)
end
`;

/**
 * KEYS: record, keys. ARGV: kid, alg, JSON, rotate ('1' or ''), now, longest lifetime.
 * Answers the active kid of the algorithm afterwards, or false without a namespace.
 */
export const ADD_KEY = {
  keys: 3,
  lua: String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local active = redis.call('HGET', KEYS[2], 'ka:' .. ARGV[2])
if active and ARGV[4] == '' then return active end
if active then
  redis.call('HSET', KEYS[2], 'kr:' .. active, ARGV[5])
  local longest = tonumber(redis.call('HGET', KEYS[2], 'kl:' .. active) or '0')
  redis.call('ZADD', KEYS[3], string.format('%.0f', tonumber(ARGV[5]) + longest), 'k:' .. active)
end
redis.call('HSET', KEYS[2], 'k:' .. ARGV[1], ARGV[3], 'ka:' .. ARGV[2], ARGV[1], 'kl:' .. ARGV[1], ARGV[6])
return ARGV[1]
`,
};

/** KEYS: keys. ARGV: kid, lifetime (ms). The key's longest lifetime grows to at least it. */
export const EXTEND_KEY = {
  keys: 1,
  lua: String.raw`
if redis.call('HEXISTS', KEYS[1], 'k:' .. ARGV[1]) == 0 then return 0 end
if tonumber(ARGV[2]) > tonumber(redis.call('HGET', KEYS[1], 'kl:' .. ARGV[1]) or '0') then
  redis.call('HSET', KEYS[1], 'kl:' .. ARGV[1], ARGV[2])
end
return 1
`,
};

/** KEYS: record, oauth, expiry. ARGV: hash, JSON, expiresAt. False without a namespace. */
export const SAVE_CODE = {
  keys: 3,
  lua: String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[2], 'c:' .. ARGV[1], ARGV[2])
redis.call('HDEL', KEYS[2], 'cu:' .. ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[3], 'c:' .. ARGV[1])
return 1
`,
};

/** KEYS: oauth. ARGV: hash, now. Answers {outcome, JSON}: a code is taken once, a second take is 'used'. */
export const TAKE_CODE = {
  keys: 1,
  lua: String.raw`
local json = redis.call('HGET', KEYS[1], 'c:' .. ARGV[1])
if not json then return {'unknown'} end
if redis.call('HEXISTS', KEYS[1], 'cu:' .. ARGV[1]) == 1 then return {'used', json} end
if tonumber(cjson.decode(json).expiresAt) <= tonumber(ARGV[2]) then return {'expired'} end
redis.call('HSET', KEYS[1], 'cu:' .. ARGV[1], '1')
return {'ok', json}
`,
};

/** KEYS: record, oauth, expiry. ARGV: hash, JSON, family, expiresAt. False without a namespace. */
export const SAVE_REFRESH = {
  keys: 3,
  lua:
    FAMILY_LUA +
    String.raw`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
saveRefresh(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3], ARGV[4])
return 1
`,
};

/**
 * KEYS: oauth, expiry. ARGV: hash, client id, now, next hash, next JSON, next expiresAt.
 * Rotates a current token of the client; a rotated one coming back revokes its family.
 * Answers {outcome, JSON of the used token when rotated}.
 */
export const USE_REFRESH = {
  keys: 2,
  lua:
    FAMILY_LUA +
    String.raw`
local json = redis.call('HGET', KEYS[1], 'r:' .. ARGV[1])
if not json then return {'unknown'} end
local t = cjson.decode(json)
if t.clientId ~= ARGV[2] then return {'other-client'} end
local state = redis.call('HGET', KEYS[1], 'rs:' .. ARGV[1])
if state == 'revoked' then return {'revoked'} end
if state == 'rotated' then
  revokeFamily(KEYS[1], KEYS[2], t.family)
  return {'reused'}
end
if tonumber(t.expiresAt) <= tonumber(ARGV[3]) then return {'expired'} end
redis.call('HSET', KEYS[1], 'rs:' .. ARGV[1], 'rotated')
saveRefresh(KEYS[1], KEYS[2], ARGV[4], ARGV[5], t.family, ARGV[6])
return {'rotated', json}
`,
};

/** KEYS: oauth, expiry. ARGV: family. Answers how many refresh tokens it had. */
export const REVOKE_FAMILY = {
  keys: 2,
  lua: FAMILY_LUA + 'return revokeFamily(KEYS[1], KEYS[2], ARGV[1])',
};

/** KEYS: oauth, expiry. ARGV: jti, expiresAt. Kept until the later of the two expiries. */
export const REVOKE_ACCESS = {
  keys: 2,
  lua: String.raw`
local until_ = math.max(tonumber(ARGV[2]), tonumber(redis.call('HGET', KEYS[1], 'x:' .. ARGV[1]) or '0'))
local text = string.format('%.0f', until_)
redis.call('HSET', KEYS[1], 'x:' .. ARGV[1], text)
redis.call('ZADD', KEYS[2], text, 'x:' .. ARGV[1])
return 1
`,
};

/**
 * KEYS: access. ARGV: record (JSON), expiresAt, kept. A signed access token's record, scored by
 * its expiry: the sweep takes the expired, and past `kept` the soonest to expire go.
 */
export const RECORD_ACCESS = {
  keys: 1,
  lua: String.raw`
redis.call('ZADD', KEYS[1], string.format('%.0f', tonumber(ARGV[2])), ARGV[1])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[3]) - 1)
return 1
`,
};

/** KEYS: keys, oauth, expiry. ARGV: now, limit. Deletes what has expired; answers how many. */
export const SWEEP_OAUTH = {
  keys: 3,
  lua: String.raw`
local n = 0
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))) do
  local kind, id = string.match(member, '^(%a):(.*)$')
  if kind == 'c' then
    redis.call('HDEL', KEYS[2], member, 'cu:' .. id)
  elseif kind == 'r' then
    local json = redis.call('HGET', KEYS[2], member)
    if json then
      local family = cjson.decode(json).family
      local list = redis.call('HGET', KEYS[2], 'f:' .. family) or ''
      local rest = {}
      for hash in string.gmatch(list, '%S+') do if hash ~= id then rest[#rest + 1] = hash end end
      if #rest == 0 then redis.call('HDEL', KEYS[2], 'f:' .. family) else redis.call('HSET', KEYS[2], 'f:' .. family, table.concat(rest, ' ')) end
    end
    redis.call('HDEL', KEYS[2], member, 'rs:' .. id)
  elseif kind == 'x' then
    redis.call('HDEL', KEYS[2], member)
  elseif kind == 'k' then
    redis.call('HDEL', KEYS[1], member, 'kr:' .. id, 'kl:' .. id)
  end
  redis.call('ZREM', KEYS[3], member)
  n = n + 1
end
return n
`,
};
