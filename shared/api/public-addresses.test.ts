import { describe, expect, it } from 'vitest';
import { analyticsV2 } from './analytics.ts';
import { latest } from './downloads.ts';
import { geoip } from './geo.ts';
import { refreshToken, signOut } from './identity.ts';
import { getPaymentPlanInfoV2 } from './plans.ts';
import {
  ANALYTICS_V2,
  GEOIP,
  LATEST,
  PAYMENT_PLAN_INFO,
  REFRESH_TOKEN,
  SIGN_OUT,
} from './public-addresses.ts';

describe('the public route addresses', () => {
  it.each([
    [LATEST, latest],
    [GEOIP, geoip],
    [ANALYTICS_V2, analyticsV2],
    [REFRESH_TOKEN, refreshToken],
    [SIGN_OUT, signOut],
    [PAYMENT_PLAN_INFO, getPaymentPlanInfoV2],
  ])('match their route definitions (%o)', (address, route) => {
    expect(address).toEqual({
      name: route.name,
      service: route.service,
      method: route.method,
      path: route.path,
      caller: route.caller,
    });
  });
});
