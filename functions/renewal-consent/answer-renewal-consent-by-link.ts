import { answerRenewalConsentByLink } from '../../shared/api/renewal-consent.ts';
import { defineHandler } from '../core/pipeline.ts';
import { answerByLink } from '../core/renewal-consent/consent-answers.ts';

export const handler = defineHandler(answerRenewalConsentByLink, async ({ token, choice }) => ({
  result: await answerByLink(token, choice),
}));
