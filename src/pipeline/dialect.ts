// Dialect is declared in context.ts, beside Ctx, which it refers to and which refers to it.
export type { Dialect, ValidationPlace } from './context.js';
