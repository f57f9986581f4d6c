import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectType } from './sniff';

/** Uploads are typed by their bytes (file-type), never by the name they arrive with. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'detect-type-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function typeOf(name: string, bytes: Buffer) {
  const file = path.join(dir, `${Math.random()}`);
  await writeFile(file, bytes);
  return detectType(file, bytes.subarray(0, 512), name);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('detectType', () => {
  it.each([
    [
      'a PDF, whatever it is called',
      'poly.html',
      Buffer.from('%PDF-1.7\n<html><script>alert(1)</script>'),
      'application/pdf',
    ],
    ['a PNG named .jpg', 'photo.jpg', PNG, 'image/png'],
    ['plain text named .csv', 'figures.csv', Buffer.from('month,visits\n2026-10,1200\n'), 'text/csv'],
    [
      'a bare ZIP named .docx (not a Word file inside)',
      'report.docx',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60)]),
      null,
    ],
    ['HTML named .pdf', 'report.pdf', Buffer.from('<!doctype html><script>alert(1)</script>'), null],
    ['binary named .csv', 'figures.csv', Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]), null],
    [
      'an allowed-looking name on an executable',
      'tool.png',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
      null,
    ],
  ])('%s', async (_what, name, bytes, expected) => {
    expect(await typeOf(name, bytes)).toBe(expected);
  });
});
