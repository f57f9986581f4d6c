/**
 * Where sign-in goes on to: the `next` address a protected page sent the person from (decision 0102), if it is a
 * path of this site (never another host: `//x`, `/\x`, `https://x`), else the dashboard.
 */
export function nextPath(next: string | null): string {
  if (!next || next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return '/dashboard';
  try {
    const url = new URL(next, 'http://same.invalid');
    return url.origin === 'http://same.invalid' ? url.pathname + url.search + url.hash : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
