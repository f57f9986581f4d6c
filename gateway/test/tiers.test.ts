import { glob, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL, MOCKING, STARTS_PROCESSES, SYSTEM } from './tiers';

const gatewayRoot = path.resolve(import.meta.dirname, '..');

describe('test tiers (decision 0104)', () => {
  it('lists exactly the test files that start processes as the system tier', async () => {
    const starting: string[] = [];
    for (const pattern of ALL)
      for await (const file of glob(pattern, { cwd: gatewayRoot }))
        if (STARTS_PROCESSES.test(await readFile(path.join(gatewayRoot, file), 'utf8'))) starting.push(file);
    expect(starting.sort()).toEqual([...SYSTEM].sort());
  });

  it('puts no file in two tiers', () => {
    expect(SYSTEM.filter((file) => MOCKING.includes(file))).toEqual([]);
  });
});
