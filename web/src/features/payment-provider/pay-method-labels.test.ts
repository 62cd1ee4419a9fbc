import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../../shared/languages.ts';
import {
  PAY_METHOD_NAMESPACE,
  PAY_METHODS,
  payMethodLabel,
} from '../../../../shared/payments/pay-methods.ts';
import { NAMESPACES } from '../../i18n/i18n.ts';

describe('pay method labels', () => {
  it('have a text for every label and note the rules can ask for, in every language', () => {
    expect(NAMESPACES).toContain(PAY_METHOD_NAMESPACE);
    for (const language of SITE_LANGUAGES) {
      const texts = JSON.parse(
        readFileSync(
          join(import.meta.dirname, '../../i18n/locales', language, `${PAY_METHOD_NAMESPACE}.json`),
          'utf8',
        ),
      ) as Record<string, string>;
      for (const method of PAY_METHODS) {
        for (const isSubscription of [true, false]) {
          for (const uiLanguage of SITE_LANGUAGES) {
            const { labelKey, noteKey } = payMethodLabel(method, { language: uiLanguage, isSubscription });
            expect(texts[labelKey], `${language}: ${labelKey}`).toBeTruthy();
            if (noteKey) expect(texts[noteKey], `${language}: ${noteKey}`).toBeTruthy();
          }
        }
      }
    }
  });
});
