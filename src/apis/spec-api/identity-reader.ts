import { FixtureError } from '../../fixtures/fixture-error.js';

/** Reads one value of the file, or fails naming the file, the place and what was expected. */
export class Reader {
  constructor(readonly file: string) {}

  fail(where: string, reason: string): never {
    throw new FixtureError(this.file, where, reason);
  }

  object(value: unknown, where: string, known?: readonly string[]): Record<string, unknown> {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return this.fail(where, 'must be a mapping');
    const obj = value as Record<string, unknown>;
    const unknownKey = known && Object.keys(obj).find((k) => !known.includes(k));
    if (unknownKey) this.fail(where ? `${where}.${unknownKey}` : unknownKey, `is not a known key (known: ${known.join(', ')})`);
    return obj;
  }

  list(value: unknown, where: string): unknown[] {
    if (value === undefined) return [];
    return Array.isArray(value) ? value : this.fail(where, 'must be a list');
  }

  string(value: unknown, where: string): string {
    return typeof value === 'string' && value.length > 0 ? value : this.fail(where, 'must be a non-empty string');
  }

  strings(value: unknown, where: string): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return this.fail(where, 'must be a list of strings');
    return value as string[];
  }

  oneOf<T extends string | number>(value: unknown, where: string, allowed: readonly T[]): T {
    return allowed.includes(value as T) ? (value as T) : this.fail(where, `must be one of ${allowed.join(', ')}`);
  }

  place(value: unknown, where: string): string {
    const s = this.string(value, where);
    return /^(query|body|header)\.[^.]+$/.test(s) ? s : this.fail(where, `must be query.<name>, body.<field> or header.<name>, found ${s}`);
  }

  tokenPlace(value: unknown, where: string): string {
    const s = this.string(value, where);
    return s === 'body' || s.startsWith('/') ? s : this.fail(where, `must be body or a JSON pointer (/token), found ${s}`);
  }
}
