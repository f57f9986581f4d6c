/**
 * The two chat formats lead notices are written in (decision 0082): Slack's `mrkdwn` (also what Mattermost and
 * Rocket.Chat read) and Teams' Markdown with HTML.
 */
export const WEBHOOK_FORMATS = ['slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** Teams' incoming webhooks (Office 365 connectors, Workflows/Power Automate) by host; anything else reads Slack's. */
const TEAMS_HOSTS = /(^|\.)(office\.com|office365\.com|logic\.azure\.com|powerautomate\.com|powerplatform\.com)$/i;

/** The format of the receiver at `url` when LEAD_WEBHOOK_FORMAT does not say. */
export const formatOf = (url: string): WebhookFormat => (TEAMS_HOSTS.test(new URL(url).hostname) ? 'teams' : 'slack');

/** `@channel`, `@here`, `@everyone` as plain text: a word joiner after the `@` keeps a receiver from reading a ping. */
const PINGS = /@(channel|here|everyone|all)\b/gi;

/**
 * A visitor's words (a business or first name) as text the receiver shows as typed, never as markup: on one line,
 * with Slack's control characters (`<!channel>`, `<https://x|y>` links, `<@U123>` mentions) escaped as Slack asks
 * (`&amp;`, `&lt;`, `&gt;`), and for Teams its HTML the same way and each Markdown mark (`*`, `_`, `[`, `](`, `#`,
 * `` ` ``, `|`, `~`, `\`) escaped with a backslash.
 */
export function visitorText(format: WebhookFormat, text: string): string {
  const flat = text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(PINGS, '@\u2060$1');
  return format === 'teams' ? flat.replace(/[\\`*_~[\]()#|!]/g, (m) => `\\${m}`) : flat;
}

/** Our own link, as the receiver shows a link with words. */
export const webhookLink = (format: WebhookFormat, url: string, words: string) =>
  format === 'teams' ? `[${words}](${url})` : `<${url}|${words}>`;
