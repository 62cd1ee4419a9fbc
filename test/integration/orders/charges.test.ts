import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import {
  claimOrderForCharge,
  createOrder,
  reclaimCharge,
} from '../../../functions/core/data/order-repository.ts';
import { newCustomerUid, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { uniqueId } from '../helpers.ts';

describe('an order left charging', () => {
  it('is taken over by one of several concurrent callers, and only as it was read', async () => {
    const merchantUid = newMerchantUid('renewal');
    await createOrder({
      merchantUid,
      uid: uniqueId('buyer'),
      clientType: 'landing',
      language: 'ko',
      paymentType: 'renewal',
      planName: 'MR_LIGHT_V3',
      planType: 'LIGHT',
      period: 'MONTHLY',
      catalogue: 'default',
      currency: 'KRW',
      payMethod: 'card',
      pg: 'html5_inicis',
      listPrice: 9900,
      finalPrice: 9900,
      amount: 9900,
      isTest: false,
      customerUid: newCustomerUid(),
      userName: 'Kim Buyer',
      userEmail: 'buyer@example.com',
      userPhone: '+821012345678',
    });
    const charging = await claimOrderForCharge(merchantUid);
    expect(charging?.status).toBe('charging');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const taken = await Promise.all(
      [1, 2, 3].map(() => reclaimCharge(charging as NonNullable<typeof charging>)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect((await getOrder(merchantUid))?.updated).toBeGreaterThan(charging?.updated ?? Infinity);
    // A caller holding the order as it was before the take-over gets nothing.
    expect(await reclaimCharge(charging as NonNullable<typeof charging>)).toBeUndefined();
  });
});
