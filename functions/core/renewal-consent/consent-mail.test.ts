import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../shared/languages.ts';
import { PRICE_RISE_REASONS } from '../../../shared/subscriptions/renewal-consent.ts';
import { composeConsentAskMail, composeConsentEndedMail } from './consent-mail.ts';

const values = {
  planType: 'STANDARD',
  currency: 'KRW',
  lastCharge: 9950,
  amount: 19_900,
  renewsAt: Date.UTC(2027, 1, 1),
} as const;
const links = { consent: 'https://x.test/c', decline: 'https://x.test/d', billing: 'https://x.test/b' };
const unfilled = /\{\w+\}|undefined|NaN|Invalid DateTime/;

describe('the consent mails', () => {
  it.each(
    SITE_LANGUAGES.flatMap((language) => PRICE_RISE_REASONS.map((reason) => [language, reason] as const)),
  )(
    'ask in %s (%s): both amounts, the date, one link to agree, one to decline, the billing page',
    (language, reason) => {
      const mail = composeConsentAskMail(language, { ...values, reason }, links);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(unfilled);
      expect(mail.text).toContain('₩19,900');
      expect(mail.text).toContain('₩9,950');
      expect(mail.text).toContain('2027');
      expect(mail.text.indexOf(links.consent)).toBeLessThan(mail.text.indexOf(links.decline));
      expect(mail.html).toContain(`href="${links.billing}"`);
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );

  it.each(SITE_LANGUAGES)(
    'tell in %s that the subscription ended uncharged, with the pricing page',
    (language) => {
      const mail = composeConsentEndedMail(language, values, 'https://x.test/pricing');
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(unfilled);
      expect(mail.text).toContain('₩19,900');
      expect(mail.text).toContain('https://x.test/pricing');
    },
  );
});
