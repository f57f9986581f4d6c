import { useEffect, useState } from 'react';
import { QUOTE_STORAGE_KEY, SavedQuoteSchema, type SavedQuote } from '@agency/contracts';

export type SavedQuoteState =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error' }
  | { status: 'ready'; quote: SavedQuote };

/** Reads the quote the price calculator saved in this browser (spec: localStorage key quoteData). */
export function readSavedQuote(storage: Pick<Storage, 'getItem'>): Exclude<SavedQuoteState, { status: 'loading' }> {
  const raw = storage.getItem(QUOTE_STORAGE_KEY);
  if (raw === null || raw === '') return { status: 'empty' };
  try {
    const parsed = SavedQuoteSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { status: 'ready', quote: parsed.data } : { status: 'error' };
  } catch {
    return { status: 'error' };
  }
}

export function useSavedQuote(): SavedQuoteState {
  const [state, setState] = useState<SavedQuoteState>({ status: 'loading' });
  useEffect(() => setState(readSavedQuote(window.localStorage)), []);
  return state;
}
