import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenSealer } from './sealing';

describe('refresh tokens at rest', () => {
  const sealer = tokenSealer(randomBytes(32));

  it('seals a token so the stored text does not hold it, and unseals it with the same key', () => {
    const stored = sealer.seal('1//refresh-token-text');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('refresh-token-text');
    expect(sealer.unseal(stored)).toBe('1//refresh-token-text');
    expect(sealer.seal('1//refresh-token-text')).not.toBe(stored);
  });

  it('reads nothing from text sealed with another key, altered, or not sealed at all', () => {
    const stored = tokenSealer(randomBytes(32)).seal('1//other');
    expect(sealer.unseal(stored)).toBeNull();
    const mine = sealer.seal('1//mine');
    expect(sealer.unseal(mine.slice(0, -2) + (mine.endsWith('AA') ? 'BB' : 'AA'))).toBeNull();
    expect(sealer.unseal('1//plain')).toBeNull();
    expect(sealer.unseal('')).toBeNull();
  });
});
