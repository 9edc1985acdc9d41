import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/make-app.js';

// How many cases and checks the checker runs changes with every case added: a document
// cannot keep such a number true, so none states one (the run's summary and reports do).
it('no document states how many cases or checks the contract checker runs', () => {
  const docs = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => join('docs', f)),
  ];
  const counts = docs.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
      .filter(({ line }) => /\b\d[\d,]* (cases|checks)\b|\b\d+ of \d+ cases\b|\[ *\d+\/\d+\]/.test(line)),
  );
  expect(counts).toEqual([]);
});
