export interface Slot {
  /** Gives the slot back; once only, however often it is called. */
  release: () => void;
}

/**
 * Places for long work that holds a database reader and buffers while it runs (a streamed export): at most `perKey`
 * at once for one key (a person) and `total` at once in all. Held in this process, as the memory and the event loop
 * they protect are: each gateway counts its own.
 */
export function slots({ perKey, total }: { perKey: number; total: number }) {
  const held = new Map<string, number>();
  let running = 0;
  return {
    /** A slot for `key`, or which limit is reached: the key's own (`perKey`) or everyone's (`total`). */
    take(key: string): Slot | { full: 'perKey' | 'total' } {
      const mine = held.get(key) ?? 0;
      if (mine >= perKey) return { full: 'perKey' };
      if (running >= total) return { full: 'total' };
      held.set(key, mine + 1);
      running += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          running -= 1;
          const left = (held.get(key) ?? 1) - 1;
          if (left > 0) held.set(key, left);
          else held.delete(key);
        },
      };
    },
    get running() {
      return running;
    },
  };
}
