import { describe, expect, it } from 'vitest';
import { CHARGE_SETTLE_MS, OUTSIDE_CALL_TIMEOUT_MS, ROUTE_TIMEOUT_SECONDS } from './timeouts.ts';

describe('the time limits', () => {
  it('let three outside calls end well before a route is stopped, and the route before API Gateway gives up', () => {
    const routeMs = ROUTE_TIMEOUT_SECONDS * 1000;
    expect(3 * OUTSIDE_CALL_TIMEOUT_MS).toBeLessThanOrEqual(0.75 * routeMs);
    expect(ROUTE_TIMEOUT_SECONDS).toBeLessThan(30);
  });

  it('wait for an unanswered charge longer than the call that lost its answer', () => {
    expect(CHARGE_SETTLE_MS).toBeGreaterThan(OUTSIDE_CALL_TIMEOUT_MS);
  });
});
