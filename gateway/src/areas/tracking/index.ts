// What the rest of the gateway may use of the tracking area (decision 0092).
export { trackingArea } from './area';
export { conversionRecorder } from './record-conversion';
export {
  conversionDelivery,
  DELIVER_EVERY_MS,
  DELIVERY_OUTCOMES,
  type ConversionDelivery,
  type DeliveryOutcome,
} from './delivery-job';
