/**
 * At-least-once delivery on one machine. SQS standard queues may deliver a message more than once, and
 * Lambda's asynchronous invocation (the scheduler's targets) may run a function twice for one event,
 * both documented:
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/standard-queues-at-least-once-delivery.html
 * https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html
 * The SQS and scheduler stand-ins deliver this share (0 to 1) of what they deliver twice, at the same
 * time. The tests switch it on (test/integration/global-setup.ts, playwright.config.ts) so that every consumer and target
 * is shown to be idempotent; `npm start` leaves it off unless the variable is set.
 */
export const DUPLICATE_DELIVERY_VARIABLE = 'LOCAL_DUPLICATE_DELIVERY_SHARE';

export function duplicateDeliveryShare(): number {
  const share = Number(process.env[DUPLICATE_DELIVERY_VARIABLE] ?? 0);
  if (!Number.isFinite(share) || share < 0 || share > 1)
    throw new Error(`${DUPLICATE_DELIVERY_VARIABLE} must be a share between 0 and 1`);
  return share;
}

/**
 * Picks which deliveries are doubled: evenly spread, the same on every run (a share of 0.5 doubles
 * every second delivery), so a test that fails does so again.
 */
export function duplicatePicker(share: number): () => boolean {
  let delivered = 0;
  return () => {
    delivered += 1;
    return Math.floor(delivered * share) > Math.floor((delivered - 1) * share);
  };
}
