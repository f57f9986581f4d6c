import { describe, expect, it } from 'vitest';
import { pageTokens } from './page-token';

describe('page-load tokens', () => {
  it('give every page load its own id, across refills of the random block, and verify what they minted', async () => {
    const tokens = pageTokens(async () => Buffer.from('a key of the test'));
    const pointer = { remotes: { marketing: { version: 'v1', url: '/remotes/marketing/v1/mf-manifest.json' } } };
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const check = await tokens.verify(await tokens.mint(pointer as never, 3, '203.0.113.0/24'));
      if (!check.ok) throw new Error(check.reason);
      expect(check.claims).toMatchObject({
        bucket: 3,
        versions: { marketing: 'v1' },
        network: await tokens.addressHash('203.0.113.0/24'),
      });
      expect(check.claims.id).toMatch(/^[\w-]{16}$/);
      ids.add(check.claims.id);
    }
    expect(ids.size).toBe(1000);
    const other = pageTokens(async () => Buffer.from('another key'));
    expect((await other.verify(await tokens.mint(pointer as never, undefined, '203.0.113.0/24'))).ok).toBe(false);
  });
});
