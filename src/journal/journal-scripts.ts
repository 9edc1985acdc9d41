/**
 * KEYS: the namespace's journal stream. ARGV: the size it keeps, then per entry its JSON and
 * its two bodies. Appends the entries the requests of one turn of the event loop recorded,
 * in one command: each with the stream's next id (0-1, 0-2, ...), the stream trimmed near
 * the size the cheap way (whole nodes, `~`).
 */
export const APPEND_ENTRIES = {
  keys: 1,
  lua: String.raw`
for i = 2, #ARGV, 3 do
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '0-*', 'e', ARGV[i], 'q', ARGV[i + 1], 'r', ARGV[i + 2])
end
return 0
`,
};
