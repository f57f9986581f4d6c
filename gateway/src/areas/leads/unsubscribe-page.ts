import { Hono } from 'hono';
import { html } from 'hono/html';
import { BUSINESS } from '@agency/contracts';
import { plainPage as page } from '../../platform/http/plain-page';
import { UNSUBSCRIBE_PATH, type Unsubscribes } from './unsubscribe';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/**
 * `/unsubscribe?token=...`, the link of every marketing e-mail (decision 0082). GET only asks, as mail scanners and
 * link previews fetch links nobody clicked; POST unsubscribes at once: the page's button, and a mail program's
 * one-click request (RFC 8058: `List-Unsubscribe=One-Click`, no cookie, no redirect). The link alone proves the
 * address, so neither needs a session, and a form without JavaScript works in any mail program's browser.
 */
export function unsubscribePage(leaving: Unsubscribes, supportEmail: string) {
  const invalid = page(
    'This link does not work',
    html`<p>
      This unsubscribe link is not one we sent, or it was cut short. Write to
      <a href="mailto:${supportEmail}">${supportEmail}</a> and we will take your address off our marketing e-mail.
    </p>`,
  );
  const done = (address: string) =>
    page(
      'You are unsubscribed',
      html`<p>We will not send marketing e-mail to <strong>${address}</strong> again.</p>
        <p>E-mail you ask us for (a quote, an answer to your enquiry or privacy request) still reaches you.</p>`,
    );
  return new Hono()
    .get(UNSUBSCRIBE_PATH, async (c) => {
      const address = await leaving.addressOf(c.req.query('token'));
      if (!address) return c.html(invalid, 400, HEADERS);
      if (await leaving.hasLeft(address)) return c.html(done(address), 200, HEADERS);
      return c.html(
        page(
          'Unsubscribe',
          html`<p>Stop marketing e-mail from ${BUSINESS.name} to <strong>${address}</strong>?</p>
            <form method="post">
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit">Unsubscribe</button>
            </form>
            <p>
              It takes effect at once. E-mail you ask us for (a quote, an answer to your enquiry) still reaches you.
            </p>`,
        ),
        200,
        HEADERS,
      );
    })
    .post(UNSUBSCRIBE_PATH, async (c) => {
      const address = await leaving.addressOf(c.req.query('token'));
      if (!address) return c.html(invalid, 400, HEADERS);
      // The page's form says where it comes from (Origin, Sec-Fetch-*); a mail program's one-click POST does not.
      const fromPage = c.req.header('sec-fetch-mode') === 'navigate' || c.req.header('origin') !== undefined;
      await leaving.leave(address, fromPage ? 'page' : 'one-click');
      return c.html(done(address), 200, HEADERS);
    });
}
