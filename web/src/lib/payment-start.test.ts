import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderPageKey, paymentSessionKey } from './payment-cache.ts';
import {
  orderPagePath,
  pricingPath,
  startFromPricing,
  startSignedIn,
  upgradeOrderPath,
} from './payment-start.ts';

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

/** The server as the start sees it: start-payment's answer (or refusal) and the sign-out, by path. */
function server(startAnswer: { status: number; body: unknown }) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(input).pathname;
    paths.push(path);
    const answer = path === '/payment/start-payment' ? startAnswer : { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return paths;
}

const user = { uid: 'u1', name: 'Sky Kim', email: 'sky@example.com' } as never;
const session = (planName: string, isSubscription = true) => ({
  guid,
  planPriceInfo: { name: planName, isSubscription },
});

describe('the start of a signed-in account (already signed in, or just after the payment-start sign-in)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const start = (planName: string | undefined, account = user, cache = new QueryClient()) =>
    startSignedIn({ idToken: 'token', user: account }, { lang: 'ko', planName, query: {}, cache });

  it('leads a new customer to the order page of the plan, what it shows left in the cache', async () => {
    const orderPage = { sessionInfo: session('MR_STANDARD_V3'), currencyOptionShown: false };
    const paths = server({ status: 200, body: { kind: 'order', guid, orderPage } });
    const cache = new QueryClient();
    expect(await start('MR_STANDARD_V3', user, cache)).toEqual({
      kind: 'page',
      href: `/ko/payment/order/subscription?guid=${guid}`,
    });
    expect(cache.getQueryData(orderPageKey(guid, false, 'ko'))).toEqual(orderPage);
    expect(paths).toEqual(['/payment/start-payment']);
  });

  it('leads a subscriber to the upgrade order of the plan when the server opened it there, else to the upgrade pricing', async () => {
    server({ status: 200, body: { kind: 'upgrade', guid, sessionInfo: session('YR_STANDARD_V3') } });
    const cache = new QueryClient();
    expect(await start('YR_STANDARD_V3', user, cache)).toEqual({
      kind: 'page',
      href: `/ko/payment/upgrade/order/subscription?guid=${guid}&plan=YR_STANDARD_V3`,
    });
    expect(cache.getQueryData(paymentSessionKey(guid, false))).toEqual(session('YR_STANDARD_V3'));
    expect(await start('MR_LIGHT_V3')).toEqual({
      kind: 'page',
      href: `/ko/payment/upgrade/pricepolicy?guid=${guid}`,
    });
  });

  it('stops a pass holder, an unverified account and a plan with nothing above it with their alert', async () => {
    const refusals = {
      USER_ALREADY_SUBSCRIBED: [409, 'payment.using_term_pass'],
      USER_VERIFICATION_NEEDED: [403, 'payment.verify_needed_msg'],
      UPGRADE_NOT_ALLOWED: [409, 'payment.can_not_change_to_lower_plan'],
      DB_ERROR: [500, 'payment.start_failed'],
    } as const;
    for (const [code, [status, reason]] of Object.entries(refusals)) {
      server({ status, body: { error: { code, msg: code } } });
      expect(await start('MR_STANDARD_V3'), code).toEqual({ kind: 'refused', reason });
      vi.unstubAllGlobals();
    }
  });

  it('signs a partner’s account out and stops it before any session is opened', async () => {
    const paths = server({ status: 200, body: {} });
    const partner = { ...(user as object), referralType: 'classu' } as never;
    expect(await start('MR_STANDARD_V3', partner)).toEqual({
      kind: 'refused',
      reason: 'payment.referral_user_login',
    });
    expect(paths).toEqual(['/auth/v2/sign-out']);
    // An affiliate's account buys on the site.
    const affiliate = { ...(user as object), referralType: 'affiliate' } as never;
    server({
      status: 200,
      body: { kind: 'order', guid, orderPage: { sessionInfo: session('MR_LIGHT_V3') } },
    });
    expect((await start('MR_LIGHT_V3', affiliate)).kind).toBe('page');
  });
});
