import { describe, expect, it } from 'vitest';
import { canClone, hasOrderLink, orderLink } from './payment-progress.ts';

const link = (overrides: Partial<Parameters<typeof orderLink>[0]> = {}) =>
  orderLink({
    siteUrl: 'https://www.cutloom.app/',
    stage: 'dev',
    guid: 'g'.repeat(32),
    planName: 'Y1_STANDARD_V3',
    currency: 'KRW',
    ...overrides,
  });

describe('the order link of a payment progress', () => {
  it('exists for sessions an operator opened only', () => {
    expect(hasOrderLink('init_custom')).toBe(true);
    expect(hasOrderLink('init_custom_upgrade')).toBe(true);
    expect(hasOrderLink('init')).toBe(false);
  });

  it('carries the guid and the test flag on a test level', () => {
    expect(link()).toBe(`https://www.cutloom.app/ko/payment/order/fixedterm?guid=${'g'.repeat(32)}&test=1`);
    expect(link({ stage: 'local' })).toContain('&test=1');
  });

  it('has no test flag on the release level', () => {
    expect(link({ stage: 'release' })).toBe(
      `https://www.cutloom.app/ko/payment/order/fixedterm?guid=${'g'.repeat(32)}`,
    );
  });

  it.each([
    ['KRW', 'ko'],
    ['JPY', 'ja'],
    ['USD', 'en'],
  ] as const)('opens in the language of its currency: %s in %s', (currency, lang) => {
    expect(new URL(link({ currency })).pathname.split('/')[1]).toBe(lang);
  });

  it('opens the subscription page for a subscription and the fixed-term page otherwise', () => {
    expect(new URL(link({ planName: 'MR_PLUS_ACME' })).pathname).toBe('/ko/payment/order/subscription');
    expect(new URL(link({ planName: 'YR_LIGHT_V3' })).pathname).toBe('/ko/payment/order/subscription');
    expect(new URL(link({ planName: 'W2_PLUS_TRIAL' })).pathname).toBe('/ko/payment/order/fixedterm');
  });
});

describe('cloning a payment progress', () => {
  it.each([
    [{ planName: 'Y1_LIGHT_V3' }, true],
    [{ currency: 'JPY' }, true],
    [{ desc: 'for ACME' }, true],
    [{ planName: '', currency: '', desc: '' }, false],
    [{}, false],
  ])('%o: %s', (row, allowed) => {
    expect(canClone(row)).toBe(allowed);
  });
});
