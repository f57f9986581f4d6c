/**
 * Google Analytics' own ids for this browser, read from its cookies (decision 0095), so the server's Measurement
 * Protocol event joins the visitor's GA session: `_ga` is `GA1.1.<clientId>` (the client id is its last two dot
 * parts), `_ga_<stream>` is `GS1.1.<sessionId>.…` or the newer `GS2.1.s<sessionId>$…`. Absent cookies (no
 * analytics consent, or gtag.js not yet loaded) give no ids; anything unexpected is left out rather than sent.
 */
export function gaIds(cookies: string): { clientId?: string; sessionId?: string } {
  const ids: { clientId?: string; sessionId?: string } = {};
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (eq <= 0) continue;
    if (name === '_ga') {
      const clientId = value.split('.').slice(-2).join('.');
      if (/^\d{1,12}\.\d{1,12}$/.test(clientId)) ids.clientId = clientId;
    } else if (name.startsWith('_ga_') && !ids.sessionId) {
      const sessionId =
        /^GS1\.\d+\.(\d{1,20})(?:\.|$)/.exec(value)?.[1] ?? /^GS2\.\d+\.s(\d{1,20})(?:\$|$)/.exec(value)?.[1];
      if (sessionId) ids.sessionId = sessionId;
    }
  }
  return ids;
}
