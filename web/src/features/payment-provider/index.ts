/** What other features use of payment-provider; anything else in this folder is its own. */
export { checkoutSettingsQuery } from './api/get-checkout-settings.ts';
export { browser, readPaymentReturn, requestPay, walletPageUrl } from './checkout.ts';
