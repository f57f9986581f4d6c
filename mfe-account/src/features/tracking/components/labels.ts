import type { AdPlatform, DeliveryState } from '@agency/contracts';

export const PLATFORM_LABEL: Record<AdPlatform, string> = { meta: 'Meta', ga4: 'Google Analytics 4' };
export const STATE_LABEL: Record<DeliveryState, string> = {
  waiting: 'Waiting',
  sent: 'Sent',
  refused: 'Refused',
  dead: 'Dead',
};
