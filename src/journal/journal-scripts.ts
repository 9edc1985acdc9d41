/**
 * KEYS: the namespace's journal stream. ARGV: the size it keeps; how many entries (n); per
 * entry the places of its JSON and its two bodies among the texts (0-based); the texts (a
 * body many entries carry is sent once). Appends the entries in one command, in order:
 * each with the stream's next id (0-1, 0-2, ...), the stream trimmed near the size the
 * cheap way (whole nodes, `~`).
 */
export const APPEND_ENTRIES = {
  keys: 1,
  lua: String.raw`
local n = tonumber(ARGV[2])
local texts = 3 + 3 * n
for at = 3, 2 + 3 * n, 3 do
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '0-*',
    'e', ARGV[texts + tonumber(ARGV[at])],
    'q', ARGV[texts + tonumber(ARGV[at + 1])],
    'r', ARGV[texts + tonumber(ARGV[at + 2])])
end
return 0
`,
};
