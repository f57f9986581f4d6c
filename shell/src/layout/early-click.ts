import { useEffect } from 'react';
import { EARLY_CLICK } from '@agency/contracts';

/** A click this old when the code arrives is not repeated: the visitor has likely moved on. */
export const EARLY_CLICK_MAX_AGE_MS = 5000;

/** When the shell's code began to run (bootstrap.tsx): a click's age is counted to then, not to the replay. */
let arrivedAt: number | undefined;
export function markCodeArrived(at = performance.now()) {
  arrivedAt ??= at;
}

/** Marks a server-rendered control whose early click the shell repeats once it works (decision 0016). */
export const earlyClick = { [EARLY_CLICK.attribute]: '' };

/**
 * Repeats the click the gateway's starter kept (see EARLY_CLICK), if its element is still on the page and the
 * click is recent, and stops further recording: from now on the controls answer clicks themselves.
 */
export function replayEarlyClick() {
  const w = window as unknown as Record<string, unknown>;
  const pending = w[EARLY_CLICK.global] as { el?: unknown; at?: unknown } | undefined;
  w[EARLY_CLICK.done] = true;
  delete w[EARLY_CLICK.global];
  const el = pending?.el;
  if (!(el instanceof HTMLElement) || typeof pending?.at !== 'number') return;
  // Taking the page over (the remote's code, hydration) may take a while on a slow device; the click was as recent
  // as it was when the code arrived.
  if (!el.isConnected || (arrivedAt ?? performance.now()) - pending.at > EARLY_CLICK_MAX_AGE_MS) return;
  el.click();
}

/** Runs once, after the component that calls it (and so the controls rendered with it) has been taken over. */
export function useReplayEarlyClick() {
  useEffect(() => replayEarlyClick(), []);
}
