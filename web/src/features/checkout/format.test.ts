import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../../shared/languages.ts';
import { i18next } from '../../i18n/i18n.ts';
import { paymentTime } from './format.ts';

beforeAll(() => {
  for (const lang of SITE_LANGUAGES)
    i18next.addResourceBundle(
      lang,
      'common',
      JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales', lang, 'common.json'), 'utf8')),
    );
});

describe('the payment path’s times (issue 32, point 11)', () => {
  // A virtual account's deadline: the end of 31 December in Seoul, whatever zone the browser is in.
  const due = Date.parse('2026-12-31T23:59:00+09:00');

  it('are Seoul’s, named as each language names it, never "GMT+9"', () => {
    const shown = Object.fromEntries(SITE_LANGUAGES.map((lang) => [lang, paymentTime(due, lang)]));
    for (const [lang, text] of Object.entries(shown)) {
      expect(text, lang).not.toMatch(/GMT|UTC/);
      expect(text, lang).toMatch(/2026/);
      expect(text, lang).toMatch(/11:59|23:59/);
    }
    // Korean pages say KST, as Korean services do; Japanese and Chinese name Korea's time in words.
    expect(shown.ko).toMatch(/^2026년 12월 31일 .*11:59 KST$/);
    expect(shown.en).toMatch(/ KST$/);
    expect(shown.ja).toMatch(/（韓国時間）$/);
    expect(shown['zh-TW']).toMatch(/（韓國時間）$/);
    expect(shown.es).toMatch(/ \(hora de Corea\)$/);
  });

  it('name Seoul’s day, not the machine’s: 00:30 in Seoul is still the 1st there', () => {
    expect(paymentTime(Date.parse('2027-01-01T00:30:00+09:00'), 'ko')).toMatch(/^2027년 1월 1일 /);
  });
});
