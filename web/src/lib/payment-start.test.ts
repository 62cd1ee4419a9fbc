import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderPagePath, pricingPath, startFromPricing, upgradeOrderPath } from './payment-start.ts';

const guid = 'g'.repeat(32);

describe('where a payment start leads', () => {
  it('opens the payment-start sign-in with the plan for a visitor not signed in, when the pricing page has no session', async () => {
    const start = await startFromPricing(
      { name: 'MR_STANDARD_V3', isSubscription: true },
      { lang: 'en', query: { priceVersion: '1', test: '1' }, upgrading: false, cache: new QueryClient() },
    );
    expect(start).toEqual({
      kind: 'sign-in',
      search: { priceVersion: '1', test: '1', open: 'signIn', purpose: 'payment', plan: 'MR_STANDARD_V3' },
    });
  });

  it('names the order page by the plan’s kind, with the guid and the payment query', () => {
    expect(orderPagePath('ko', { isSubscription: true }, guid)).toBe(
      `/ko/payment/order/subscription?guid=${guid}`,
    );
    expect(orderPagePath('en', { isSubscription: false }, guid, { test: '1', priceVersion: '1' })).toBe(
      `/en/payment/order/fixedterm?guid=${guid}&test=1&priceVersion=1`,
    );
  });

  it('names the plan pressed on the upgrade order page', () => {
    expect(upgradeOrderPath('ja', guid, 'MR_BUSINESS_V3', { test: '1' })).toBe(
      `/ja/payment/upgrade/order/subscription?guid=${guid}&plan=MR_BUSINESS_V3&test=1`,
    );
  });

  it('leads back to the pricing of a session, or to the plain pricing page without one', () => {
    expect(pricingPath('es', { upgrading: false })).toBe('/es/payment/pricepolicy');
    expect(pricingPath('en', { guid, upgrading: false, query: { test: '1' } })).toBe(
      `/en/payment/pricepolicy?guid=${guid}&test=1`,
    );
    expect(pricingPath('ko', { guid, upgrading: true })).toBe(`/ko/payment/upgrade/pricepolicy?guid=${guid}`);
  });
});
