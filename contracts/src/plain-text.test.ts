import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('removes terminal escapes, keeping the words they coloured', () => {
    expect(plainText('\u001b[31mred\u001b[0m and \u001b]8;;https://x.example\u0007link\u001b]8;;\u0007', 100)).toBe(
      'red and link',
    );
    expect(plainText('clear\u001b[2J\u001b[Hscreen \u009b1mC1', 100)).toBe('clearscreen C1');
  });

  it('makes every control character and line break one space, on one line', () => {
    expect(plainText('fix: a\r\n\tb\u0000c\u0085d\u2028e\u007f', 100)).toBe('fix: a b c d e');
  });

  it('removes the characters that reorder or hide text (bidi overrides, isolates, zero-width, tags)', () => {
    const trojan = 'admin\u202e\u2066// check later\u2069\u2067\u200bok\ufeff\u{e0041}\u{e0042}';
    expect(plainText(trojan, 100)).toBe('admin// check laterok');
    expect(plainText('\u200e\u200f\u061c\u202a\u202b\u202c\u202d', 100)).toBe('');
  });

  it('keeps ordinary text of every script, and cuts at the limit by characters, marking the cut', () => {
    expect(plainText('  Kia ora — 你好 — مرحبا 👋🏽  ', 100)).toBe('Kia ora — 你好 — مرحبا 👋🏽');
    expect(plainText('abcdefghij', 5)).toBe('abcd…');
    expect(plainText('👋👋👋👋👋👋', 3)).toBe('👋👋…');
    expect(plainText('abc', 3)).toBe('abc');
  });
});
