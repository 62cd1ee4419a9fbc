/** The pricing pages' query: the payment session, the price version and referral, test mode, and the sign-in modal's. */
const PRICING_QUERY = ['guid', 'priceVersion', 'referralType', 'test', 'open', 'purpose', 'plan'] as const;
export type PricingSearch = Partial<Record<(typeof PRICING_QUERY)[number], string>>;

/**
 * Reads the pricing query, keeping only its text values. A plain function rather than a schema: it
 * runs in the route tree, which every page loads, and must not bring a schema library with it.
 */
export function pricingSearch(search: Record<string, unknown>): PricingSearch {
  return Object.fromEntries(
    PRICING_QUERY.filter((name) => typeof search[name] === 'string').map((name) => [
      name,
      search[name] as string,
    ]),
  );
}
