import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../platform/env';

const META = { META_PIXEL_ID: '123456789012345', META_CAPI_TOKEN: `EAAB${'x'.repeat(40)}` };
const GA4 = { GA4_MEASUREMENT_ID: 'G-ABC1234', GA4_API_SECRET: 'secret-of-the-stream' };
const refusal = (env: Record<string, string>) => {
  try {
    loadEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('the ad platforms’ configuration (decision 0095)', () => {
  it('is off without both id and secret, and on with them, at the default endpoints', () => {
    expect(loadEnv({}).adPlatforms).toEqual({ meta: undefined, ga4: undefined });
    expect(loadEnv({ ...META, ...GA4 }).adPlatforms).toEqual({
      meta: {
        pixelId: META.META_PIXEL_ID,
        token: META.META_CAPI_TOKEN,
        testEventCode: undefined,
        url: 'https://graph.facebook.com',
      },
      ga4: {
        measurementId: 'G-ABC1234',
        apiSecret: 'secret-of-the-stream',
        url: 'https://www.google-analytics.com',
        validateEvery: false,
      },
    });
  });

  it('names the variable that is missing or malformed', () => {
    expect(refusal({ META_PIXEL_ID: META.META_PIXEL_ID })).toContain(
      'META_CAPI_TOKEN: set META_PIXEL_ID and META_CAPI_TOKEN together',
    );
    expect(refusal({ GA4_API_SECRET: GA4.GA4_API_SECRET })).toContain(
      'GA4_API_SECRET: set GA4_MEASUREMENT_ID and GA4_API_SECRET together',
    );
    expect(refusal({ ...META, META_PIXEL_ID: 'pixel-1' })).toContain('META_PIXEL_ID: must be the pixel id (digits)');
    expect(refusal({ ...GA4, GA4_MEASUREMENT_ID: 'UA-1234-1' })).toContain(
      'GA4_MEASUREMENT_ID: must look like G-XXXXXXX',
    );
  });
});
