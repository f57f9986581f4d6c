import { createHash } from 'node:crypto';
import { LEAD_VALUE, PIXEL_EVENTS, TRACKING_CURRENCY } from '@agency/contracts';
import type { AdPlatformsConfig } from '../../platform/env';
import { bounded, CALL_TIMEOUT_MS, field, noAnswer, retriable, type Attempt, type StoredConversion } from './outcome';

/** The Graph API version the Conversions API is called at. */
export const META_API_VERSION = 'v21.0';

/** Meta's standard event for each kind of conversion (the pixel's names, contracts PIXEL_EVENTS). */
export const META_EVENTS = {
  lead: PIXEL_EVENTS.lead ?? 'Lead',
  registration: PIXEL_EVENTS.complete_registration ?? 'CompleteRegistration',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Meta's normalisation before hashing (Customer information parameters): trimmed, lower case. */
export const normaliseEmail = (email: string) => email.normalize('NFC').trim().toLowerCase();
export const normaliseName = (name: string) => name.normalize('NFC').trim().toLowerCase();

/**
 * A phone number as Meta wants it: digits only, with the country code. A New Zealand number as typed here starts
 * with 0 (021 123 4567): that 0 becomes 64. `+` or `00` already carries a country code.
 */
export function normalisePhone(phone: string): string | null {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, '');
  if (digits.length < 6) return null;
  if (typed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `64${digits.slice(1)}`;
  return digits;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** The event as Meta's Conversions API takes it: every personal field hashed, never one as typed. */
export function metaEvent(row: StoredConversion) {
  const user = (row.userData ?? {}) as Record<string, unknown>;
  const custom = (row.customData ?? {}) as Record<string, unknown>;
  const email = text(user.email);
  const phone = text(user.phone) && normalisePhone(text(user.phone)!);
  const firstName = text(user.firstName);
  return {
    event_name: META_EVENTS[row.eventType],
    event_time: Math.floor(row.createdAt.getTime() / 1000),
    event_id: row.eventId ?? `conversion-${row.id}`,
    ...(row.eventSourceUrl ? { event_source_url: row.eventSourceUrl } : {}),
    action_source: 'website',
    user_data: {
      ...(email ? { em: [sha256(normaliseEmail(email))] } : {}),
      ...(phone ? { ph: [sha256(phone)] } : {}),
      ...(firstName ? { fn: [sha256(normaliseName(firstName))] } : {}),
      ...(row.clientAddress && row.clientAddress !== 'unknown' ? { client_ip_address: row.clientAddress } : {}),
      ...(row.userAgent ? { client_user_agent: row.userAgent } : {}),
      ...(row.fbp ? { fbp: row.fbp } : {}),
      ...(row.fbc ? { fbc: row.fbc } : {}),
    },
    custom_data: {
      currency: TRACKING_CURRENCY,
      value: typeof custom.value === 'number' ? custom.value : LEAD_VALUE,
      ...(text(custom.contentName) ? { content_name: custom.contentName } : {}),
      ...(text(custom.leadSource) ? { lead_source: custom.leadSource } : {}),
    },
  };
}

/** Meta's refusal in its own words: `error.message`, and `error_user_msg` when it says more. */
function metaReason(status: number, body: unknown): string {
  const message = field(body, 'error', 'message');
  const user = field(body, 'error', 'error_user_msg');
  const words = [message, user].filter((w): w is string => typeof w === 'string' && w.length > 0);
  return bounded(words.length ? `Meta: ${words.join(' — ')}` : `Meta answered HTTP ${status}`);
}

/** One event to the Conversions API; the token goes in the body, never in a URL a log could hold. */
export async function sendToMeta(
  config: NonNullable<AdPlatformsConfig['meta']>,
  row: StoredConversion,
): Promise<Attempt> {
  let res: Response;
  try {
    res = await fetch(`${config.url}/${META_API_VERSION}/${config.pixelId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: [metaEvent(row)],
        access_token: config.token,
        ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
      }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    return noAnswer('Meta', error);
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const quality = field(body, 'event_match_quality');
    return { kind: 'sent', matchQuality: typeof quality === 'number' ? quality : null };
  }
  const reason = metaReason(res.status, body);
  return retriable(res.status) ? { kind: 'retry', reason } : { kind: 'refused', reason };
}
