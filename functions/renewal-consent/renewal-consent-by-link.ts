import { renewalConsentByLink } from '../../shared/api/renewal-consent.ts';
import { defineHandler } from '../core/pipeline.ts';
import { consentByLink } from '../core/renewal-consent/consent-answers.ts';

export const handler = defineHandler(renewalConsentByLink, async ({ token }) => ({
  result: await consentByLink(token),
}));
