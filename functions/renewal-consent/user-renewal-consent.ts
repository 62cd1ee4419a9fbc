import { userRenewalConsent } from '../../shared/api/renewal-consent.ts';
import { PaymentError } from '../core/errors.ts';
import { consentOfAccount } from '../core/renewal-consent/consent-answers.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(userRenewalConsent, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { result: await consentOfAccount(caller.claims.uid) };
});
