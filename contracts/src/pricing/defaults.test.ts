import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTE_OPTIONS } from './defaults';
import { QuoteOptionsSchema } from './options';

describe('DEFAULT_QUOTE_OPTIONS', () => {
  it('is what the schema makes of an empty selection', () => {
    expect(DEFAULT_QUOTE_OPTIONS).toEqual(QuoteOptionsSchema.parse({}));
  });
});
