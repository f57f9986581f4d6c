/**
 * Decision 0082: a visitor's words in a lead notice reach the chat as the words they typed, never as the receiver's
 * markup: no channel ping, no link disguised as our own, no Markdown. Checked on the exact body the gateway signs
 * and sends (the webhook outbox row), for Slack's format and for Teams'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db';
import { formatOf, visitorText } from './webhook-text';
import { browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

const HOSTILE = '<!channel> <https://evil.example|Open lead> **Urgent** [pay here](https://evil.example) @here\nline';

describe('visitor words in webhook notices', () => {
  it('escapes Slack control sequences and Teams Markdown and HTML', () => {
    const slack = visitorText('slack', HOSTILE);
    expect(slack).not.toMatch(/[<>\n]/);
    expect(slack).toContain('&lt;!channel&gt; &lt;https://evil.example|Open lead&gt;');
    expect(slack).not.toMatch(/@here/);
    const teams = visitorText('teams', HOSTILE);
    expect(teams).not.toMatch(/[<>\n]/);
    expect(teams).toContain('\\*\\*Urgent\\*\\* \\[pay here\\]\\(https://evil.example\\)');
    expect(visitorText('slack', 'Smith & Sons Ltd')).toBe('Smith &amp; Sons Ltd');
    expect(formatOf('https://hooks.slack.com/services/T/B/X')).toBe('slack');
    expect(formatOf('https://contoso.webhook.office.com/webhookb2/x')).toBe('teams');
    expect(formatOf('https://prod-12.australiasoutheast.logic.azure.com/workflows/x')).toBe('teams');
  });

  for (const format of ['slack', 'teams'] as const) {
    describe(`through the gateway (${format})`, () => {
      let t: Awaited<ReturnType<typeof setupApp>>;
      beforeAll(async () => {
        t = await setupApp({
          // Nothing listens here: the notice stays in the outbox as it was signed and sent.
          LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
          LEAD_WEBHOOK_SECRET: 'webhook-secret-for-tests',
          LEAD_WEBHOOK_FORMAT: format,
        });
      });
      afterAll(() => t.cleanup());

      it('a business name with markup arrives as plain words beside our own link', async () => {
        const sent = await browser(t.app).post('/api/contact-inquiry', {
          businessName: HOSTILE.slice(0, 150),
          contactName: 'Aroha',
          contactEmail: 'aroha@example.nz',
          servicesInterested: ['seo'],
        });
        expect(sent.status).toBe(201);
        const id = sent.json.id as number;
        const [row] = await t.db.select().from(outbox).where(eq(outbox.leadId, id));
        const { text } = JSON.parse(row!.body!) as { text: string };
        const link = `${t.env.publicConfig.portalOrigin}/dashboard?lead=enquiry-${id}`;
        // Our link is the only markup; the visitor's `<...|...>` and `[...](...)` are inert text.
        const links = format === 'slack' ? text.match(/<[^<>]+>/g) : text.match(/(?<!\\)\[[^\]]*\]\([^)]*\)/g);
        expect(links).toEqual([format === 'slack' ? `<${link}|Open lead #${id}>` : `[Open lead #${id}](${link})`]);
        expect(text).not.toContain('<!channel>');
        expect(text).not.toContain('\n');
      });
    });
  }
});
