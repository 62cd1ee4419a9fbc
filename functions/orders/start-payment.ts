import { startPayment } from '../../shared/api/orders.ts';
import { PaymentError } from '../core/errors.ts';
import { callerAccount } from '../core/orders/order-access.ts';
import { orderPageOf } from '../core/orders/order-page.ts';
import { openPaymentSession } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { openUpgradeSession } from '../core/upgrades/upgrade.ts';

/**
 * The site's payment start (lib/payment-start.ts): create-init-payment and, for a subscriber, what the site
 * called next, create-init-plan-upgrade, in one call. The handler picks the domain, as insert-payment-progress
 * does, so that the order and upgrade modules need not import each other; each refuses as its own route does.
 */
export const handler = defineHandler(startPayment, async (input, { caller, headers }) => {
  const uid = callerAccount(caller, undefined);
  try {
    const { guid, context } = await openPaymentSession({ ...input, uid });
    const viewer = { ...input, country: headers['cloudfront-viewer-country'] };
    return { kind: 'order' as const, guid, orderPage: await orderPageOf(context, viewer) };
  } catch (error) {
    const subscriber =
      error instanceof PaymentError &&
      error.code === 'USER_ALREADY_SUBSCRIBED' &&
      error.extra?.isSubscription === true;
    if (!subscriber) throw error;
  }
  const { guid, sessionInfo } = await openUpgradeSession({ ...input, uid });
  return { kind: 'upgrade' as const, guid, sessionInfo };
});
