import type { analyticsV2 } from './analytics.ts';
import { addressOf } from './define-route.ts';
import type { latest } from './downloads.ts';
import type { geoip } from './geo.ts';
import type { refreshToken, signOut } from './identity.ts';
import type { getPaymentPlanInfoV2 } from './plans.ts';

/**
 * The routes every public page calls, by address only (no zod in the marketing pages' JavaScript),
 * and the pricing page's.
 * public-addresses.test.ts checks each one against its route definition.
 */
export const LATEST = addressOf<typeof latest>({
  name: 'latest',
  service: 'operator',
  method: 'POST',
  path: '/latest',
  caller: 'public',
});

export const GEOIP = addressOf<typeof geoip>({
  name: 'geoip',
  service: 'auth',
  method: 'POST',
  path: '/geoip',
  caller: 'public',
});

export const ANALYTICS_V2 = addressOf<typeof analyticsV2>({
  name: 'analyticsV2',
  service: 'payment',
  method: 'POST',
  path: '/analytics-v2',
  caller: 'public',
});

/** The session check of every site page (the landing's signed-in redirect) and of the console. */
export const REFRESH_TOKEN = addressOf<typeof refreshToken>({
  name: 'refreshToken',
  service: 'auth',
  method: 'POST',
  path: '/v2/refresh-token',
  caller: 'public',
});

/** Signing out, which the console's session expiry does from the route tree every page loads. */
export const SIGN_OUT = addressOf<typeof signOut>({
  name: 'signOut',
  service: 'auth',
  method: 'POST',
  path: '/v2/sign-out',
  caller: 'public',
});

/** The pricing page's plan info: the page ships no schema library (issue 18, its blocking time). */
export const PAYMENT_PLAN_INFO = addressOf<typeof getPaymentPlanInfoV2>({
  name: 'getPaymentPlanInfoV2',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-plan-info-v2',
  caller: 'public',
});
