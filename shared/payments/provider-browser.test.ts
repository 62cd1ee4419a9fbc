import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../currency.ts';
import { PAY_METHODS, providerChannel, WALLET_PAY_METHOD } from './pay-methods.ts';
import { CHANNELS_ON_PROVIDER_CHECKOUT } from './provider-browser.ts';

describe('the channels the site opens', () => {
  it('all run their checkout where the security headers admit it', () => {
    const opened = new Set(
      PAY_METHODS.filter((method) => method !== WALLET_PAY_METHOD).flatMap((method) =>
        CURRENCIES.flatMap((currency) =>
          [false, true].map((isSubscription) => providerChannel(method, currency, { isSubscription }).pg),
        ),
      ),
    );
    expect(
      [...opened].filter((pg) => !(CHANNELS_ON_PROVIDER_CHECKOUT as readonly string[]).includes(pg)),
    ).toEqual([]);
  });
});
