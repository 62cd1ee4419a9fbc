/**
 * The customerUid of a plan an operator granted by direct deposit (a bank transfer arranged outside the
 * payment provider). It names no billing key, so nothing can be charged, cancelled or re-scheduled
 * through the provider: the user detail hides unsubscribe, resubscribe and the contact-info update
 * for such a plan (admin-console.md section 4), and the direct-deposit screens write it on the plans and
 * payments they create. Billing keys are `cus_` + 26 random characters, so no key can ever equal it.
 */
export const DIRECT_DEPOSIT_CUSTOMER_UID = 'direct_deposit';
