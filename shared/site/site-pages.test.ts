import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../languages.ts';
import {
  classifySitePath,
  prerenderedFile,
  prerenderedPages,
  siteRedirectLocation,
  siteRedirectOf,
} from './site-pages.ts';

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

  it('lead the typed aliases to their pages in every language, keeping the query (issue 32, point 10)', () => {
    for (const lang of SITE_LANGUAGES) {
      for (const alias of ['login', 'signin', 'LogIn', 'signin/']) {
        expect(classifySitePath(`/${lang}/${alias}`)).toBe('redirect');
        const found = siteRedirectOf(`/${lang}/${alias}`);
        expect(found).toEqual({ alias: alias.replace('/', '').toLowerCase(), lang });
        expect(siteRedirectLocation(found?.alias as string, lang, '')).toBe(`/${lang}?open=signIn`);
      }
      for (const alias of ['pricing', 'plans']) {
        const found = siteRedirectOf(`/${lang}/${alias}`);
        const location = siteRedirectLocation(found?.alias as string, lang, '?utm_source=mail');
        expect(location).toBe(`/${lang}/payment/pricepolicy?utm_source=mail`);
        expect(classifySitePath(location.split('?')[0] as string)).toBe('site-page');
      }
    }
    // The alias's own parameter wins; every other pair stays as it came, in its order.
    expect(siteRedirectLocation('login', 'ja', '?open=x&a=1%202&flag&b=')).toBe(
      '/ja?a=1%202&flag&b&open=signIn',
    );
  });

  it('lead a bare alias to the visitor’s language, and nothing else', () => {
    expect(siteRedirectOf('/pricing')).toEqual({ alias: 'pricing', lang: undefined });
    expect(classifySitePath('/login')).toBe('redirect');
    for (const path of [
      '/ko/login/more',
      '/xx/login',
      '/ko/constructor',
      '/toString',
      '/ko/signin/oauth',
      '/ko/payment/pricing',
    ]) {
      expect(siteRedirectOf(path), path).toBeUndefined();
      expect(classifySitePath(path), path).toBe('not-found');
    }
    // A real page is never an alias.
    expect(classifySitePath('/ko/signin/oauth/google/forward')).toBe('site-page');
  });
});
