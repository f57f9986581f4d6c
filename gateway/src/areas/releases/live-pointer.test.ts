import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESH_MS, livePointer } from './live-pointer';
import type { RemoteStore } from './remote-store';

/** The release state as the live pointer reads it: a revision, the version it names, and this process's writes. */
function fakeStore() {
  const state = { revision: 1, version: 'v1', writtenHere: 0, looks: 0 };
  const store = {
    stateSignature: async () => {
      state.looks += 1;
      return String(state.revision);
    },
    stateWrittenHere: () => state.writtenHere,
    releases: async () => ({
      pointer: { remotes: { quoting: { version: state.version, entry: `/mfe/quoting/${state.version}/mf.json` } } },
      canaries: {},
      known: { quoting: [state.version] },
    }),
  } as unknown as RemoteStore;
  return { state, store };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live pointer (decision 0107)', () => {
  it('looks at the release state at most once per freshness window while requests come', async () => {
    vi.useFakeTimers();
    const { state, store } = fakeStore();
    const live = livePointer(store, {});
    for (let i = 0; i < 100; i++) expect((await live()).pointer.remotes.quoting?.version).toBe('v1');
    expect(state.looks).toBe(1);
    vi.advanceTimersByTime(FRESH_MS);
    await live();
    expect(state.looks).toBe(2);
  });

  it('sees a change made elsewhere (the CLI, another gateway) once the window has passed, not before', async () => {
    vi.useFakeTimers();
    const { state, store } = fakeStore();
    const live = livePointer(store, {});
    await live();
    Object.assign(state, { revision: 2, version: 'v2' });
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect((await live()).pointer.remotes.quoting?.version).toBe('v1');
    vi.advanceTimersByTime(1);
    expect((await live()).pointer.remotes.quoting?.version).toBe('v2');
  });

  it("sees this process's own change on its next request", async () => {
    vi.useFakeTimers();
    const { state, store } = fakeStore();
    const live = livePointer(store, {});
    await live();
    Object.assign(state, { revision: 2, version: 'v2', writtenHere: 1 });
    expect((await live()).pointer.remotes.quoting?.version).toBe('v2');
    expect(state.looks).toBe(2);
  });

  it('shares one look among the requests that arrive while it is under way', async () => {
    const { state, store } = fakeStore();
    const live = livePointer(store, {}, undefined, 0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => live()));
    expect(new Set(answers.map((a) => a.key)).size).toBe(1);
    expect(state.looks).toBe(1);
  });
});
