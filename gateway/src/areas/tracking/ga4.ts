import { LEAD_VALUE, TRACKING_CURRENCY } from '@agency/contracts';
import type { AdPlatformsConfig } from '../../platform/env';
import { bounded, CALL_TIMEOUT_MS, field, noAnswer, retriable, type Attempt, type StoredConversion } from './outcome';

/** GA4's recommended event for each kind of conversion. */
export const GA4_EVENTS = { lead: 'generate_lead', registration: 'sign_up' } as const;

type Ga4Config = NonNullable<AdPlatformsConfig['ga4']>;

/** The Measurement Protocol body: the browser's client id joins it to the visit; nothing personal is sent. */
export function ga4Body(row: StoredConversion) {
  const custom = (row.customData ?? {}) as Record<string, unknown>;
  const sessionId = row.gaSessionId ? Number(row.gaSessionId) : undefined;
  return {
    client_id: row.gaClientId,
    // When it happened, not when it was sent (GA4 takes events up to 72 hours back).
    timestamp_micros: row.createdAt.getTime() * 1000,
    events: [
      {
        name: GA4_EVENTS[row.eventType],
        params: {
          ...(sessionId !== undefined && Number.isSafeInteger(sessionId) ? { session_id: sessionId } : {}),
          engagement_time_msec: 1,
          value: typeof custom.value === 'number' ? custom.value : LEAD_VALUE,
          currency: TRACKING_CURRENCY,
          event_id: row.eventId ?? `conversion-${row.id}`,
        },
      },
    ],
  };
}

/**
 * GA4's sender. GA4 answers 2xx to anything it can parse and drops what it cannot use without a word, so the first
 * send of each gateway process (or every send, with GA4_VALIDATE=1) is first shown to its validation server, whose
 * messages become the refusal: a wrong measurement id or a malformed event shows on the Tracking tab, not nowhere.
 */
export function ga4Sender(config: Ga4Config) {
  let validated = false;
  const query = `measurement_id=${encodeURIComponent(config.measurementId)}&api_secret=${encodeURIComponent(config.apiSecret)}`;
  const post = (path: string, body: unknown) =>
    fetch(`${config.url}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });

  async function validation(body: unknown): Promise<Attempt | null> {
    const res = await post('/debug/mp/collect', body);
    if (!res.ok) {
      const reason = bounded(`GA4 validation answered HTTP ${res.status}`);
      return retriable(res.status) ? { kind: 'retry', reason } : { kind: 'refused', reason };
    }
    const messages = field(await res.json().catch(() => null), 'validationMessages');
    // Until one event passes, every send is checked: a wrong set-up is refused each time, never sent unseen.
    if (!Array.isArray(messages) || messages.length === 0) {
      validated = true;
      return null;
    }
    const words = messages.map((m) => String(field(m, 'description') ?? field(m, 'validationCode') ?? 'invalid'));
    return { kind: 'refused', reason: bounded(`GA4: ${words.join('; ')}`) };
  }

  return async function sendToGa4(row: StoredConversion): Promise<Attempt> {
    const body = ga4Body(row);
    try {
      if (!validated || config.validateEvery) {
        const refused = await validation(body);
        if (refused) return refused;
      }
      const res = await post('/mp/collect', body);
      if (res.ok) return { kind: 'sent', matchQuality: null };
      const reason = bounded(`GA4 answered HTTP ${res.status}`);
      return retriable(res.status) ? { kind: 'retry', reason } : { kind: 'refused', reason };
    } catch (error) {
      return noAnswer('GA4', error);
    }
  };
}
