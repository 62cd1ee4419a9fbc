import { describe, expect, it } from 'vitest';
import { documentTitle, headLinks, SITE_ORIGIN } from './page-head.ts';

describe('page head links', () => {
  it('give a page its canonical URL and an alternate per language plus x-default', () => {
    expect(headLinks('/ko/payment/pricepolicy')).toEqual({
      canonical: `${SITE_ORIGIN}/ko/payment/pricepolicy`,
      alternates: [
        { hreflang: 'ko', href: `${SITE_ORIGIN}/ko/payment/pricepolicy` },
        { hreflang: 'en', href: `${SITE_ORIGIN}/en/payment/pricepolicy` },
        { hreflang: 'ja', href: `${SITE_ORIGIN}/ja/payment/pricepolicy` },
        { hreflang: 'es', href: `${SITE_ORIGIN}/es/payment/pricepolicy` },
        { hreflang: 'zh-TW', href: `${SITE_ORIGIN}/zh-TW/payment/pricepolicy` },
        { hreflang: 'x-default', href: `${SITE_ORIGIN}/en/payment/pricepolicy` },
      ],
    });
  });

  it('list only the languages a page exists in, with x-default its first language when English lacks it', () => {
    expect(headLinks('/ja/feature/ai-voice')?.alternates.map((link) => link.hreflang)).toEqual([
      'ko',
      'ja',
      'en',
      'x-default',
    ]);
    expect(headLinks('/ja/resources/announce')?.alternates).toEqual([
      { hreflang: 'ja', href: `${SITE_ORIGIN}/ja/resources/announce` },
      { hreflang: 'x-default', href: `${SITE_ORIGIN}/ja/resources/announce` },
    ]);
    expect(headLinks('/en/no-such-page')).toBeUndefined();
  });

  it('end every title with the product name', () => {
    expect(documentTitle('Plans and pricing')).toBe('Plans and pricing | Cutloom');
  });
});
