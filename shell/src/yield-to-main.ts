/**
 * Ends the current task so the browser can paint and handle input; the caller goes on in a new task. The shell's
 * start (federation runtime, bootstrap, hydration) would otherwise be one long task on a mid-range phone (decision 0040).
 * `scheduler.yield()` keeps the continuation ahead of other queued work where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
