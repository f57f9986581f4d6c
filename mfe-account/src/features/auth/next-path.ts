const SAME = 'http://same.invalid';

/**
 * Where sign-in goes on to: the `next` address a protected page sent the person from (decision 0102), if it is a
 * path of this site, else the dashboard. The URL parser decides what is another host (`//x`, `/\x`, `https://x`).
 */
export function nextPath(next: string | null): string {
  if (!next || next.length > 2000 || !next.startsWith('/')) return '/dashboard';
  try {
    const url = new URL(next, SAME);
    return url.origin === SAME ? url.pathname + url.search + url.hash : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
