import { describe, expect, it } from 'vitest';
import { derivedBusinessName, splitName } from './social-quote';

describe('social quote name rules', () => {
  it.each([
    ['Ana', 'Ana', ''],
    ['Ana Te Wiata', 'Ana', 'Te Wiata'],
    ['  Sam   Lee  ', 'Sam', 'Lee'],
  ])('splits %j', (full, firstName, lastName) => {
    expect(splitName(full)).toEqual({ firstName, lastName });
  });

  it.each([
    ['Ana', "Ana's Business"],
    ['James', "James' Business"],
    ['Ana Te Wiata', "Ana Te Wiata's Business"],
  ])('derives the business name of %j', (full, business) => {
    expect(derivedBusinessName(full)).toBe(business);
  });
});
