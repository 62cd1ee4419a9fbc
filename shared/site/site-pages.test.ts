import { describe, expect, it } from 'vitest';
import { classifySitePath, prerenderedFile, prerenderedPages } from './site-pages.ts';

describe('site pages per language', () => {
  it('serve a page only in the languages it exists in', () => {
    expect(classifySitePath('/en/solutions/education-video')).toBe('site-page');
    expect(classifySitePath('/ja/solutions/education-video')).toBe('not-found');
    expect(classifySitePath('/ja/business/case-study')).toBe('site-page');
    expect(classifySitePath('/en/business/case-study')).toBe('not-found');
    expect(classifySitePath('/ko/blog/all')).toBe('site-page');
    expect(classifySitePath('/en/blog/all')).toBe('not-found');
    expect(classifySitePath('/ja/transaction-act-details')).toBe('site-page');
    expect(classifySitePath('/ko/transaction-act-details')).toBe('not-found');
    for (const lang of ['ko', 'ja', 'en'])
      expect(classifySitePath(`/${lang}/feature/ppt-to-video`)).toBe('site-page');
    for (const lang of ['es', 'zh-TW'])
      expect(classifySitePath(`/${lang}/feature/ppt-to-video`)).toBe('not-found');
    expect(classifySitePath('/en/feature/no-such-feature')).toBe('not-found');
    expect(classifySitePath('/zh-TW/refund-policy')).toBe('site-page');
  });

  it('name the pre-rendered file of marketing pages only', () => {
    expect(prerenderedFile('/en')).toBe('/en/index.html');
    expect(prerenderedFile('/ko/feature/ai-voice/')).toBe('/ko/feature/ai-voice/index.html');
    expect(prerenderedFile('/en/payment/pricepolicy')).toBe('/en/payment/pricepolicy/index.html');
    expect(prerenderedFile('/en/payment/upgrade/pricepolicy')).toBeUndefined();
    expect(prerenderedFile('/es/feature/ai-voice')).toBeUndefined();
  });

  it('serve the private billing page in every language, never pre-rendered', () => {
    for (const lang of ['ko', 'en', 'ja', 'es', 'zh-TW']) {
      expect(classifySitePath(`/${lang}/account/billing`)).toBe('site-page');
      expect(prerenderedFile(`/${lang}/account/billing`)).toBeUndefined();
    }
    expect(classifySitePath('/en/account')).toBe('not-found');
  });

  it('list every pre-rendered page once per language: 23 feature pages in three languages, 3 English solutions', () => {
    const urls = prerenderedPages().flatMap(({ path, languages }) =>
      languages.map((lang) => `/${lang}${path}`),
    );
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.filter((url) => url.includes('/feature/'))).toHaveLength(69);
    expect(urls.filter((url) => url.includes('/solutions/'))).toEqual([
      '/en/solutions/creator-video-online',
      '/en/solutions/business-marketing-video',
      '/en/solutions/education-video',
    ]);
    expect(urls).toContain('/zh-TW');
    expect(urls).toContain('/ja/transaction-act-details');
    for (const url of urls) expect(classifySitePath(url), url).toBe('site-page');
  });
});
