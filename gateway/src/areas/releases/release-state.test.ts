import { describe, expect, it } from 'vitest';
import { abort, deploy, promote, prunable, releasesOf, rollback, type Change, type StoreState } from './release-state';

const now = new Date('2025-06-01T10:00:00.000Z');
const later = new Date('2025-06-01T11:00:00.000Z');
const stateOf = <T>(change: Change<T>) => change.state;

/** v1 live, then v2 live: v1 is what a rollback returns to. */
const twoDeploys = stateOf(deploy(stateOf(deploy({}, 'quoting', 'v1', { now })), 'quoting', 'v2', { now }));
const withCanary = stateOf(deploy(twoDeploys, 'quoting', 'v3', { canary: 10, now }));

describe('deploy', () => {
  it('makes a version live, keeps the one before for a rollback, and changes nothing for the live one again', () => {
    expect(twoDeploys).toEqual({ quoting: { current: 'v2', previous: ['v1'] } });
    const again = deploy(twoDeploys, 'quoting', 'v2', { now });
    expect(again.result).toEqual({ version: 'v2', changed: false });
    expect(again.state).toBe(twoDeploys);
  });

  it('keeps at most twenty versions to roll back to', () => {
    let state: StoreState = {};
    for (let i = 0; i < 25; i++) state = stateOf(deploy(state, 'account', `v${i}`, { now }));
    expect(state.account?.previous).toHaveLength(20);
    expect(state.account?.previous[0]).toBe('v4');
  });

  it('starts a canary beside the live version, with its share and start time', () => {
    expect(withCanary.quoting).toEqual({
      current: 'v2',
      previous: ['v1'],
      canary: { version: 'v3', percent: 10, startedAt: now.toISOString() },
    });
  });

  it('refuses a canary share outside 1-99, a canary before any live version, and any deploy while one runs', () => {
    for (const share of [0, 100, 2.5, -1])
      expect(() => deploy(twoDeploys, 'quoting', 'v3', { canary: share, now })).toThrow(/whole percentage/);
    expect(() => deploy({}, 'quoting', 'v1', { canary: 10, now })).toThrow(/no live version yet/);
    expect(() => deploy(withCanary, 'quoting', 'v4', { now })).toThrow(/promote or abort it first.*then deploy/);
  });

  it('never changes the state it was given', () => {
    const frozen = structuredClone(twoDeploys);
    deploy(twoDeploys, 'quoting', 'v3', { canary: 10, now });
    deploy(twoDeploys, 'quoting', 'v3', { now });
    expect(twoDeploys).toEqual(frozen);
  });
});

describe('promote, abort and rollback', () => {
  it('promotes the canary: live for everyone, the replaced version first in line for a rollback', () => {
    const promoted = promote(withCanary, 'quoting');
    expect(promoted.result).toEqual({ from: 'v2', to: 'v3' });
    expect(promoted.state.quoting).toEqual({ current: 'v3', previous: ['v1', 'v2'] });
    expect(() => promote(twoDeploys, 'quoting')).toThrow(/no canary to promote/);
  });

  it('aborts the canary with its reason and keeps the abort for status', () => {
    const aborted = abort(withCanary, 'quoting', { reason: 'broken checkout' }, later);
    const lastAbort = { version: 'v3', at: later.toISOString(), reason: 'broken checkout', automatic: false };
    expect(aborted.result).toEqual(lastAbort);
    expect(aborted.state.quoting).toEqual({ current: 'v2', previous: ['v1'], lastAbort });
    // The abort stays through a later promotion, for status to show.
    const again = stateOf(deploy(aborted.state, 'quoting', 'v4', { canary: 5, now }));
    expect(stateOf(promote(again, 'quoting')).quoting?.lastAbort).toEqual(lastAbort);
  });

  it("lets the gateway's own abort end only the canary it judged, and answer null otherwise", () => {
    const stale = abort(withCanary, 'quoting', { automatic: true, version: 'v0', reason: 'x' }, later);
    expect(stale).toEqual({ state: withCanary, result: null });
    expect(abort(twoDeploys, 'quoting', { automatic: true }, later).result).toBeNull();
    expect(() => abort(twoDeploys, 'quoting', {}, later)).toThrow(/no canary to abort/);
    expect(abort(withCanary, 'quoting', { automatic: true, version: 'v3' }, later).result?.automatic).toBe(true);
  });

  it('rolls back to the previous version, refuses while a canary runs or with no history', () => {
    const rolled = rollback(twoDeploys, 'quoting');
    expect(rolled.result).toEqual({ from: 'v2', to: 'v1' });
    expect(rolled.state.quoting).toEqual({ current: 'v1', previous: [] });
    expect(() => rollback(rolled.state, 'quoting')).toThrow(/No earlier version/);
    expect(() => rollback(withCanary, 'quoting')).toThrow(/abort it first.*then roll back/);
  });
});

describe('prune', () => {
  it('keeps the live version, the canary and the rollback history, and lets every other stored version go', () => {
    expect(prunable(withCanary, 'quoting', ['v0', 'v1', 'v2', 'v3', 'v9'])).toEqual(['v0', 'v9']);
    expect(prunable({}, 'account', ['v1'])).toEqual(['v1']);
  });
});

describe('releasesOf', () => {
  it('names the live pointer, the canary beside it and the versions browsers may run', () => {
    const aborted = stateOf(abort(withCanary, 'quoting', {}, later));
    const state = stateOf(deploy(aborted, 'quoting', 'v4', { canary: 20, now }));
    expect(releasesOf(state, {})).toEqual({
      pointer: { remotes: { quoting: { version: 'v2', entry: '/mfe/quoting/v2/mf-manifest.json' } } },
      canaries: {
        quoting: {
          version: 'v4',
          percent: 20,
          startedAt: now.toISOString(),
          entry: '/mfe/quoting/v4/mf-manifest.json',
        },
      },
      known: { quoting: ['v2', 'v4', 'v1', 'v3'] },
    });
  });

  it('gives a remote served from elsewhere its address and no canary', () => {
    const entry = 'https://cdn.example/quoting/mf-manifest.json';
    expect(releasesOf(withCanary, { quoting: entry })).toEqual({
      pointer: { remotes: { quoting: { version: 'external', entry } } },
      canaries: {},
      known: { quoting: ['external'] },
    });
  });
});

describe('the action each transition records', () => {
  it('names what changed, and nothing when nothing did', () => {
    expect(deploy({}, 'quoting', 'v1', { now }).action).toEqual({
      action: 'publish',
      remote: 'quoting',
      version: 'v1',
      details: {},
    });
    expect(deploy(twoDeploys, 'quoting', 'v3', { now }).action?.details).toEqual({ replaced: 'v2' });
    expect(deploy(twoDeploys, 'quoting', 'v3', { canary: 10, now }).action).toEqual({
      action: 'canary',
      remote: 'quoting',
      version: 'v3',
      details: { share: 10, live: 'v2' },
    });
    expect(promote(withCanary, 'quoting').action).toEqual({
      action: 'promote',
      remote: 'quoting',
      version: 'v3',
      details: { replaced: 'v2', share: 10 },
    });
    expect(abort(withCanary, 'quoting', { reason: 'slow', automatic: true }, later).action).toEqual({
      action: 'abort',
      remote: 'quoting',
      version: 'v3',
      details: { reason: 'slow', automatic: true, share: 10 },
    });
    expect(rollback(twoDeploys, 'quoting').action).toEqual({
      action: 'rollback',
      remote: 'quoting',
      version: 'v1',
      details: { replaced: 'v2' },
    });
    expect(deploy(twoDeploys, 'quoting', 'v2', { now }).action).toBeUndefined();
    expect(abort(twoDeploys, 'quoting', { automatic: true }, later).action).toBeUndefined();
  });

  it('takes the running canary published again as no change, and any other share or deploy of it as refused', () => {
    const again = deploy(withCanary, 'quoting', 'v3', { canary: 10, now: later });
    expect(again).toEqual({ state: withCanary, result: { version: 'v3', changed: false } });
    expect(() => deploy(withCanary, 'quoting', 'v3', { canary: 20, now })).toThrow(/promote or abort it first/);
    expect(() => deploy(withCanary, 'quoting', 'v3', { now })).toThrow(/promote or abort it first/);
  });

  it('refuses an abort reason longer than the store keeps', () => {
    expect(() => abort(withCanary, 'quoting', { reason: 'x'.repeat(501) }, later)).toThrow(/at most 500 characters/);
  });
});
