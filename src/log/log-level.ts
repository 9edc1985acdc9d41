/** The levels `--log-level` takes, by increasing severity; `silent` writes nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a line's level must reach to be written at `threshold`: a line at `level` is written when it is at or above it. */
export function isLevelOn(threshold: string, level: Exclude<LogLevel, 'silent'>): boolean {
  const at = LOG_LEVELS.indexOf(threshold as LogLevel);
  return at >= 0 && at <= LOG_LEVELS.indexOf(level);
}
