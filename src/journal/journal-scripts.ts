/**
 * The journal's stream holds one entry per batch of exchanges (journal-batch.ts), with the
 * fields `n` (how many) and `b` (their text); its id is `0-<the id of the batch's last
 * exchange>`, so the exchanges of a batch are numbered n apart from there down, and ids
 * keep the order in which Redis received the batches. A journal written before batches
 * holds one exchange per entry (fields `e`, `q`, `r`, its id the exchange's): both are read.
 */

/** The Lua that reads a stream id's sequence number (`0-42` → 42). */
const SEQ_OF = String.raw`
local function seqOf(id) return tonumber(string.match(id, '%-(%d+)$')) end
`;

/**
 * KEYS: the namespace's journal stream, and its counter (the id of the last exchange
 * numbered). ARGV: the size the journal keeps, n, the batch's text. Numbers the batch's
 * exchanges after the last one and appends it, the stream trimmed the cheap way (`MINID ~`:
 * whole nodes) of batches older than the newest `size` exchanges. A counter behind the
 * stream (a journal written before the counter was, or the counter lost) goes on after the
 * stream's last id. Answers the id of the batch's last exchange.
 */
export const APPEND_BATCH = {
  keys: 2,
  lua: String.raw`
${SEQ_OF}
local size = tonumber(ARGV[1])
local n = tonumber(ARGV[2])
local function add(last)
  local oldest = math.max(last - size + 1, 1)
  return redis.pcall('XADD', KEYS[1], 'MINID', '~', string.format('0-%.0f', oldest),
    string.format('0-%.0f', last), 'n', ARGV[2], 'b', ARGV[3])
end
local last = redis.call('INCRBY', KEYS[2], n)
local added = add(last)
if type(added) == 'table' and added.err then
  local info = redis.call('XINFO', 'STREAM', KEYS[1])
  local top = 0
  for i = 1, #info, 2 do
    if info[i] == 'last-generated-id' then top = seqOf(info[i + 1]) end
  end
  last = top + n
  redis.call('SET', KEYS[2], string.format('%.0f', last))
  added = add(last)
  if type(added) == 'table' and added.err then return added end
end
return last
`,
};

/**
 * KEYS: the journal stream. ARGV: the size the journal keeps. Answers how many exchanges it
 * holds, up to the size, without sending any text back: from the first entry's first id to
 * the last entry's id (the batches are numbered without gaps; a clear empties the stream).
 */
export const COUNT_EXCHANGES = {
  keys: 1,
  lua: String.raw`
${SEQ_OF}
local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1]
if not first then return 0 end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
local n = 1
local fields = first[2]
for i = 1, #fields, 2 do
  if fields[i] == 'n' then n = tonumber(fields[i + 1]) end
end
return math.min(seqOf(last[1]) - (seqOf(first[1]) - n + 1) + 1, tonumber(ARGV[1]))
`,
};
