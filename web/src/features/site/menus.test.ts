import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES, type SiteLanguage } from '../../../../shared/languages.ts';
import { classifySitePath } from '../../../../shared/site/site-pages.ts';
import { pathInLanguage } from './language-switch.ts';
import { footerColumns, headerMenus, headerVisibility, pricingTarget } from './menus.ts';

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales', lang, `${ns}.json`), 'utf8'));
const has = (bundle: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], bundle) !==
  undefined;

function names(lang: SiteLanguage): string[] {
  return [
    ...headerMenus(lang).flatMap((menu) =>
      menu.kind === 'link'
        ? [menu.item.name]
        : [
            menu.name,
            ...menu.groups.flatMap((group) => [
              ...(group.title ? [group.title] : []),
              ...group.items.map((item) => item.name),
            ]),
          ],
    ),
    ...footerColumns(lang).flatMap((column) => [column.title, ...column.items.map((item) => item.name)]),
  ];
}

describe('the header and footer menus', () => {
  it('group the feature menu in Korean and Japanese, list it flat in English, and leave it out elsewhere', () => {
    for (const lang of ['ko', 'ja'] as const) {
      const features = headerMenus(lang).find(
        (menu) => menu.kind === 'dropdown' && menu.name === 'menu.features',
      );
      expect(features?.kind === 'dropdown' && features.groups.length).toBe(5);
    }
    const english = headerMenus('en').find(
      (menu) => menu.kind === 'dropdown' && menu.name === 'menu.features',
    );
    expect(english?.kind === 'dropdown' && english.groups.map((group) => group.items.length)).toEqual([23]);
    for (const lang of ['es', 'zh-TW'] as const)
      expect(
        headerMenus(lang).some((menu) => menu.kind === 'dropdown' && menu.name === 'menu.features'),
      ).toBe(false);
  });

  it.each(SITE_LANGUAGES)(
    'in %s link only to pages that exist in that language, with a text for every name',
    (lang) => {
      const items = [
        ...headerMenus(lang).flatMap((menu) =>
          menu.kind === 'link' ? [menu.item] : menu.groups.flatMap((group) => group.items),
        ),
        ...footerColumns(lang).flatMap((column) => column.items),
      ];
      for (const item of items.filter((candidate) => !candidate.isExternal))
        expect(classifySitePath(item.url), item.url).toBe('site-page');
      for (const name of names(lang)) {
        const [ns, key] = name.includes(':') ? (name.split(':') as [string, string]) : ['site', name];
        expect(has(locale(lang, ns), key), `${lang} ${name}`).toBe(true);
      }
    },
  );

  it('lead Pricing to the upgrade pricing or change-card flow by path, carrying the session guid', () => {
    expect(pricingTarget('en', '/en', undefined)).toBe('/en/payment/pricepolicy');
    expect(pricingTarget('ko', '/ko/payment/upgrade/order/subscription', 'g1')).toBe(
      '/ko/payment/upgrade/pricepolicy?guid=g1',
    );
    expect(pricingTarget('ja', '/ja/payment/change-card/fail', undefined)).toBe('/ja/payment/change-card');
  });

  it('hide Pricing and the language selector on orders, and the selector on upgrade and change-card paths', () => {
    expect(headerVisibility('/en/payment/order/subscription')).toEqual({
      pricing: false,
      languageSelector: false,
    });
    expect(headerVisibility('/en/payment/upgrade/pricepolicy')).toEqual({
      pricing: true,
      languageSelector: false,
    });
    expect(headerVisibility('/en/payment/change-card')).toEqual({ pricing: true, languageSelector: false });
    expect(headerVisibility('/en/feature/ai-voice')).toEqual({ pricing: true, languageSelector: true });
  });
});

describe('the language switch', () => {
  it('keeps the page and the query, and goes home when the page does not exist in the other language', () => {
    expect(pathInLanguage('/en/payment/pricepolicy', '?priceVersion=1', 'ko')).toBe(
      '/ko/payment/pricepolicy?priceVersion=1',
    );
    expect(pathInLanguage('/en/feature/ai-voice', '', 'ja')).toBe('/ja/feature/ai-voice');
    expect(pathInLanguage('/en/solutions/education-video', '?a=1', 'ko')).toBe('/ko?a=1');
    expect(pathInLanguage('/ja/transaction-act-details', '', 'es')).toBe('/es');
  });
});
