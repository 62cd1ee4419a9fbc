/**
 * Plan figures without the contracts' schemas: the pricing page imports these, and importing
 * plan-types.ts would put zod in its JavaScript (plan-types.ts re-exports them for everyone else).
 */

/** Business price version: price version '1' offers BUSINESS. */
export const BUSINESS_PRICE_VERSION = '1';

/** A gigabyte is 1073741824 bytes. */
export const GIGABYTE = 1073741824;
