import { describe, expect, it } from 'vitest';
import { splitName } from './social-quote';

describe('social quote name rules', () => {
  it.each([
    ['Ana', 'Ana', ''],
    ['Ana Te Wiata', 'Ana', 'Te Wiata'],
    ['  Sam   Lee  ', 'Sam', 'Lee'],
  ])('splits %j', (full, firstName, lastName) => {
    expect(splitName(full)).toEqual({ firstName, lastName });
  });
});
