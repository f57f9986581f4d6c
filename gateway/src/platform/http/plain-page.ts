import { html, raw } from 'hono/html';
import { BUSINESS } from '@agency/contracts';

/**
 * A page the gateway writes whole, for links in e-mails (unsubscribe, a person's copy): no remote, no third-party tag,
 * no script, readable in any mail program's browser; styled inline where the page's policy allows it.
 */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0}
main{max-width:34rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem}
h1{font-size:1.5rem;margin:0 0 1rem}button{font:inherit;font-weight:600;color:#fff;background:#0f172a;border:0;
border-radius:.5rem;padding:.6rem 1.2rem;cursor:pointer}strong{overflow-wrap:anywhere}`;

type Html = ReturnType<typeof html>;

/**
 * `style` replaces the plain look (a shared report has its own); `banner` goes above `main`; `heading: false` leaves
 * the page's `<h1>` to `body` (when it is not the title).
 */
export function plainPage(title: string, body: Html, opts: { style?: string; banner?: Html; heading?: false } = {}) {
  return html`<!doctype html>
    <html lang="en-NZ">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} - ${BUSINESS.name}</title>
        <style>
          ${raw(opts.style ?? STYLE)}
        </style>
      </head>
      <body>
        ${opts.banner ?? ''}
        <main>${opts.heading === false ? '' : html`<h1>${title}</h1>`} ${body}</main>
      </body>
    </html>`;
}
