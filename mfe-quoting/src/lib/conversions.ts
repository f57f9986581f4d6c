import type { ConversionEventInput } from '@agency/contracts';
import { call, endpoints } from './api';

/** leads-and-quoting §7: yields true on OK and false otherwise; a failure is only logged. */
export async function trackConversion(event: ConversionEventInput): Promise<boolean> {
  try {
    const res = await call(endpoints.trackConversion, { body: event });
    console.info('Conversion recorded:', res.message);
    return true;
  } catch (error) {
    console.warn('Conversion tracking failed', error);
    return false;
  }
}
