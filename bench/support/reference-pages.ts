import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An empty document: what any page costs the browser before its own markup, styles and scripts. */
const BLANK =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title></head><body><p>Blank page.</p></body></html>';

/** A page's HTML without its scripts (and their preload hints): the markup and styles alone. */
export const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*\bas="(?:script|fetch)"[^>]*>/gi, '');

/**
 * Reference pages for `bench lighthouse --references`, served beside the gateway on a port of their own:
 * `/__blank` (an empty document), `/__blank-bare` (the same without the site's headers: what its isolation costs),
 * `/__blank-script` (the same running one line of script: the price of starting JavaScript at all) and
 * `/__no-scripts/<path>` (that page's HTML as the gateway serves it, scripts removed). Everything else is passed
 * through to the gateway, so styles and images load as on the real page.
 */
export async function startReferencePages(gatewayUrl: string) {
  // The site's own document headers, so a reference pays what the site's isolation costs a new document (COOP puts
  // it in a browsing-context group, and a process, of its own); the CSP only lets the empty document's one script run.
  const isolation: Record<string, string> = {};
  (await fetch(gatewayUrl + '/')).headers.forEach((value, key) => {
    if (/^(cross-origin-|origin-agent-cluster|permissions-policy|referrer-policy|x-)/.test(key)) isolation[key] = value;
  });
  const siteHeaders = { ...isolation, 'content-security-policy': "script-src 'unsafe-inline'" };
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const html = (body: string, headers: Record<string, string> = siteHeaders) => {
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url === '/__blank') return html(BLANK);
    if (url === '/__blank-bare') return html(BLANK, {});
    if (url === '/__blank-script')
      return html(BLANK.replace('</body>', '<script>document.body.dataset.ran = "1";</script></body>'));
    const page = /^\/__no-scripts(\/.*)$/.exec(url)?.[1];
    fetch(gatewayUrl + (page ?? url), { headers: { accept: req.headers.accept ?? '*/*' } })
      .then(async (answer) => {
        if (page) return html(withoutScripts(await answer.text()));
        const headers: Record<string, string> = {};
        // fetch has already decoded the body, so its encoding and length no longer apply.
        answer.headers.forEach((value, key) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(key)) headers[key] = value;
        });
        res.writeHead(answer.status, headers);
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(502).end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
