/** ANSI colours for a terminal; with `color` false every function returns its text unchanged. */
export interface Paint {
  dim(text: string): string;
  bold(text: string): string;
  cyan(text: string): string;
  /** green for 2xx, cyan for 3xx, yellow for 4xx, red for 5xx */
  status(status: number, text: string): string;
  /** a log level's colour: yellow for warn, red for error and fatal */
  level(level: string, text: string): string;
}

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const same = (text: string) => text;

const COLOURS = {
  dim: sgr(2, 22),
  bold: sgr(1, 22),
  cyan: sgr(36, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  red: sgr(31, 39),
};

export function createPaint(color: boolean): Paint {
  if (!color) return { dim: same, bold: same, cyan: same, status: (_s, text) => text, level: (_l, text) => text };
  const { dim, bold, cyan, green, yellow, red } = COLOURS;
  return {
    dim,
    bold,
    cyan,
    status: (status, text) => (status >= 500 ? red : status >= 400 ? yellow : status >= 300 ? cyan : green)(text),
    level: (level, text) => (level === 'error' || level === 'fatal' ? red : level === 'warn' ? yellow : dim)(text),
  };
}

/** Colour on a terminal, unless NO_COLOR says otherwise; FORCE_COLOR (not 0) turns it on anywhere. */
export function wantsColor(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY === true;
}
