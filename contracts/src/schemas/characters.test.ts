import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { characterCount } from './characters';

describe('characterCount', () => {
  it('counts code points, as the schemas limit them: an emoji is one character', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('Café ā 中文 €😀')).toBe(12);
    expect('Café ā 中文 €😀'.length).toBe(13);
    expect(characterCount('\ud83d')).toBe(1); // a lone surrogate is itself
    expect(characterCount('\ude00\ud83d')).toBe(2);
  });

  it('agrees with zod on where a limit falls', () => {
    const max = z.string().max(5);
    for (const text of ['😀😀😀😀😀', '😀😀😀😀😀😀', 'ééééé', 'abc\ud83d\ud83d', 'abc\ud83d\ud83d\ude00'])
      expect(max.safeParse(text).success, text).toBe(characterCount(text) <= 5);
  });
});
