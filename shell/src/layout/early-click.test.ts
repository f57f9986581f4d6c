import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICK } from '@agency/contracts';
import { EARLY_CLICK_MAX_AGE_MS, markCodeArrived, replayEarlyClick } from './early-click';

const w = window as unknown as Record<string, unknown>;

function button() {
  const el = document.createElement('button');
  document.body.append(el);
  const onClick = vi.fn();
  el.addEventListener('click', onClick);
  return { el, onClick };
}

afterEach(() => {
  delete w[EARLY_CLICK.global];
  delete w[EARLY_CLICK.done];
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('replayEarlyClick (decision 0016)', () => {
  it('clicks the kept element once, forgets it and stops the recording', () => {
    const { el, onClick } = button();
    w[EARLY_CLICK.global] = { el, at: performance.now() - 300 };
    replayEarlyClick();
    replayEarlyClick();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(w[EARLY_CLICK.global]).toBeUndefined();
    expect(w[EARLY_CLICK.done]).toBe(true);
  });

  it('with nothing kept it only stops the recording', () => {
    replayEarlyClick();
    expect(w[EARLY_CLICK.done]).toBe(true);
  });

  it('does not repeat a click older than the limit', () => {
    const { el, onClick } = button();
    vi.spyOn(performance, 'now').mockReturnValue(100_000);
    w[EARLY_CLICK.global] = { el, at: 100_000 - EARLY_CLICK_MAX_AGE_MS - 1 };
    replayEarlyClick();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not click an element that has left the page', () => {
    const { el, onClick } = button();
    el.remove();
    w[EARLY_CLICK.global] = { el, at: performance.now() };
    replayEarlyClick();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('ignores anything on the global that is not what the starter writes', () => {
    for (const junk of [{ el: 'button', at: 0 }, { el: document.createElement('span') }, 42]) {
      w[EARLY_CLICK.global] = junk;
      expect(() => replayEarlyClick()).not.toThrow();
    }
  });

  // Last: the arrival is marked once per page load.
  it("counts a click's age to the moment the code arrived, not to the replay after the page was taken over", () => {
    const { el, onClick } = button();
    markCodeArrived(100_000);
    vi.spyOn(performance, 'now').mockReturnValue(100_000 + 4 * EARLY_CLICK_MAX_AGE_MS);
    w[EARLY_CLICK.global] = { el, at: 100_000 - EARLY_CLICK_MAX_AGE_MS + 1 };
    replayEarlyClick();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
