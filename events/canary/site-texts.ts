import auth from '../../web/src/i18n/locales/ko/auth.json' with { type: 'json' };
import billing from '../../web/src/i18n/locales/ko/billing.json' with { type: 'json' };
import common from '../../web/src/i18n/locales/ko/common.json' with { type: 'json' };
import order from '../../web/src/i18n/locales/ko/order.json' with { type: 'json' };
import payMethods from '../../web/src/i18n/locales/ko/pay-methods.json' with { type: 'json' };
import paymentResult from '../../web/src/i18n/locales/ko/payment-result.json' with { type: 'json' };
import pricing from '../../web/src/i18n/locales/ko/pricing.json' with { type: 'json' };
import refund from '../../web/src/i18n/locales/ko/refund.json' with { type: 'json' };

/**
 * The Korean texts of the site the canary reads and presses (the site's own translation files, bundled
 * with the canary when it is built, as the site's are): a label renamed in the site is renamed here.
 */
const NAMESPACES: Record<string, unknown> = {
  auth,
  billing,
  common,
  order,
  'pay-methods': payMethods,
  'payment-result': paymentResult,
  pricing,
  refund,
};

/** A text of the Korean site (namespace and dotted key), with its {{values}} filled in. */
export function siteText(namespace: string, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      NAMESPACES[namespace],
    );
  if (typeof found !== 'string') throw new Error(`No text ${namespace}:${key} in ko`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
