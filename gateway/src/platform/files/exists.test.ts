import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exists } from './exists';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'exists-test-'));
  await writeFile(path.join(dir, 'a.txt'), 'a');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('finds a file or a folder, and with "file" only a file; anything missing is absent', async () => {
  expect(await exists(path.join(dir, 'a.txt'))).toBe(true);
  expect(await exists(path.join(dir, 'a.txt'), 'file')).toBe(true);
  expect(await exists(dir)).toBe(true);
  expect(await exists(dir, 'file')).toBe(false);
  expect(await exists(path.join(dir, 'missing'))).toBe(false);
  expect(await exists(path.join(dir, 'a.txt', 'under-a-file'), 'any')).toBe(false);
});
