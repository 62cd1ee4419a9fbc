import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { isTestQuery, orderPagePath } from './order-session.ts';

const session = (isSubscription: boolean) =>
  ({ guid: 'g'.repeat(32), planPriceInfo: { isSubscription } }) as unknown as SessionInfo;

describe('the order page of a session', () => {
  it('is the subscription or the fixed-term page by its plan, with the guid and the payment query', () => {
    expect(orderPagePath('ko', session(true))).toBe(`/ko/payment/order/subscription?guid=${'g'.repeat(32)}`);
    expect(orderPagePath('en', session(false), { test: '1', priceVersion: '1' })).toBe(
      `/en/payment/order/fixedterm?guid=${'g'.repeat(32)}&test=1&priceVersion=1`,
    );
  });

  it('is in test mode for test=1 or test=true only', () => {
    expect(isTestQuery({ test: '1' })).toBe(true);
    expect(isTestQuery({ test: 'true' })).toBe(true);
    expect(isTestQuery({ test: '0' })).toBe(false);
    expect(isTestQuery({})).toBe(false);
  });
});
