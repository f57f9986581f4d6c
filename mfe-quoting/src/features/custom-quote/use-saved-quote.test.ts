import { describe, expect, it } from 'vitest';
import { readSavedQuote } from './use-saved-quote';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readSavedQuote', () => {
  it('is empty when nothing is stored', () => {
    expect(readSavedQuote(storage(null))).toEqual({ status: 'empty' });
    expect(readSavedQuote(storage(''))).toEqual({ status: 'empty' });
  });

  it('is an error when the stored text is not JSON or not a quote', () => {
    expect(readSavedQuote(storage('{not json'))).toEqual({ status: 'error' });
    expect(readSavedQuote(storage('{"calculation": "nope"}'))).toEqual({ status: 'error' });
  });
});
