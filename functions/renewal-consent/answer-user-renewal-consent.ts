import { answerUserRenewalConsent } from '../../shared/api/renewal-consent.ts';
import { PaymentError } from '../core/errors.ts';
import { answerOnBillingPage } from '../core/renewal-consent/consent-answers.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(answerUserRenewalConsent, async ({ choice }, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { result: await answerOnBillingPage(caller.claims.uid, choice) };
});
