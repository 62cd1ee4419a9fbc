import * as z from 'zod';
import { defineRoute } from './define-route.ts';

/** The address of the wallet's registration page, with `{reserveId}` where the reservation goes. */
const WalletPageUrl = z.string().includes('{reserveId}');

/**
 * Where the browser takes a customer to pay: in production the payment provider's browser SDK with
 * our merchant code, on one machine the sandbox checkout (the same IMP.request_pay parameters as its
 * query); and the wallet's registration page. The web's payment-provider module reads it.
 */
export const CheckoutSettingsSchema = z.discriminatedUnion('checkout', [
  z.object({
    checkout: z.literal('sdk'),
    sdkUrl: z.url({ protocol: /^https$/ }),
    merchantCode: z.string().min(1),
    walletPageUrl: WalletPageUrl,
  }),
  z.object({
    checkout: z.literal('sandbox'),
    checkoutUrl: z.url({ protocol: /^https?$/ }),
    walletPageUrl: WalletPageUrl,
  }),
]);
export type CheckoutSettings = z.infer<typeof CheckoutSettingsSchema>;

export const getCheckoutSettings = defineRoute({
  name: 'getCheckoutSettings',
  service: 'payment',
  method: 'GET',
  path: '/checkout-settings',
  caller: 'public',
  summary:
    'Where the browser opens a checkout (provider SDK or local sandbox) and the wallet registration page',
  request: z.object({}),
  response: CheckoutSettingsSchema,
  handler: 'payment-provider/get-checkout-settings',
  grants: ['payment:checkout'],
});

export const paymentProviderRoutes = [getCheckoutSettings] as const;
