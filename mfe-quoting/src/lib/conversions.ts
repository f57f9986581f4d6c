import type { ConversionEventInput } from '@agency/contracts';
import { call, endpoints } from './api';
import { gaIds } from './ga-ids';

/**
 * leads-and-quoting §7: yields true on OK and false otherwise; a failure is only logged. The event carries the
 * conversion's id (the same the pixel got as `eventID`), the page it happened on and GA's ids from its cookies, so
 * the server's event is counted once with the browser's (decision 0095). Whether it goes on to an ad platform is
 * the gateway's decision, by the visitor's consent cookie; the conversion itself is stored either way.
 */
export async function trackConversion(event: ConversionEventInput & { eventId: string }): Promise<boolean> {
  try {
    const ga = gaIds(document.cookie);
    const body: ConversionEventInput = {
      ...event,
      eventSourceUrl: location.href,
      ...(ga.clientId || ga.sessionId ? { ga } : {}),
    };
    const res = await call(endpoints.trackConversion, { body });
    console.info('Conversion recorded:', res.message);
    return true;
  } catch (error) {
    console.warn('Conversion tracking failed', error);
    return false;
  }
}
