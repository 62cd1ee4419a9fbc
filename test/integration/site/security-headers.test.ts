import { describe, expect, inject, it } from 'vitest';
import { getCheckoutSettings } from '../../../shared/api/payment-provider.ts';
import { securityHeaderValues } from '../../../shared/site/security-headers.ts';
import { call, send } from '../helpers.ts';

/** The local runtime answers with CloudFront's security headers (infra/security-headers.test.ts compares those). */
describe('the local runtime’s security headers', () => {
  const expected = securityHeaderValues();

  it('come with an API answer', async () => {
    const { headers } = await call(getCheckoutSettings);
    for (const [name, value] of Object.entries(expected)) expect(headers.get(name), name).toBe(value);
  });

  it('come with a site page and a console page', async () => {
    for (const path of ['/en/payment/pricepolicy', '/admin/users']) {
      const { headers } = await send(new URL(path, inject('apiUrl')), { method: 'GET' });
      for (const [name, value] of Object.entries(expected))
        expect(headers.get(name), `${path} ${name}`).toBe(value);
    }
  });
});
