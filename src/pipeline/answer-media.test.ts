import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerTypeOf, isTextType, madeUpBody, minimalFile } from './answer-media.js';

describe('answer media', () => {
  it('answers a declared range as a type it stands for', () => {
    expect(['*/*', 'application/*', 'text/*', 'image/*', 'audio/*', 'text/csv'].map(answerTypeOf)).toEqual([
      'application/json',
      'application/json',
      'text/plain',
      'image/png',
      'application/octet-stream',
      'text/csv',
    ]);
  });

  it('tells text from bytes', () => {
    const text = ['text/csv', 'application/yaml', 'application/x-yaml', 'application/xml', 'application/atom+xml', 'application/x-ndjson'];
    const bytes = ['image/png', 'application/pdf', 'application/octet-stream', 'application/zip'];
    expect(text.filter(isTextType)).toEqual(text);
    expect(bytes.filter(isTextType)).toEqual([]);
  });

  it('makes a valid minimal file of each well-known type', () => {
    const png = minimalFile('image/png')!;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(1); // width
    expect(png.readUInt32BE(20)).toBe(1); // height
    const gif = minimalFile('image/gif')!;
    expect([gif.subarray(0, 6).toString('latin1'), gif.readUInt16LE(6), gif.readUInt16LE(8), gif.at(-1)]).toEqual(['GIF89a', 1, 1, 0x3b]);
    expect(gunzipSync(minimalFile('application/gzip')!)).toHaveLength(0);
    expect(minimalFile('application/zip')!.subarray(0, 4).toString('hex')).toBe('504b0506');
    expect(minimalFile('application/zip')).toHaveLength(22);
  });

  it('makes a PDF whose cross-reference table points at each of its objects', () => {
    const pdf = minimalFile('application/pdf')!.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(3);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });

  it('makes empty text of a text type, a few bytes of another', () => {
    expect(madeUpBody('text/plain')).toBe('');
    expect(madeUpBody('image/png')).toBe(minimalFile('image/png'));
    expect(Buffer.isBuffer(madeUpBody('application/octet-stream'))).toBe(true);
  });
});
