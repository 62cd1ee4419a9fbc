import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, pickSiteLanguage, type SiteLanguage } from '../shared/languages.ts';
import {
  classifySitePath,
  prerenderedFile,
  siteRedirectLocation,
  siteRedirectOf,
} from '../shared/site/site-pages.ts';
import { spaViewerRequestCode, spaViewerResponseCode } from './spa-routing.ts';

type Handler = (event: unknown) => Record<string, unknown>;
const viewerRequest = runInNewContext(`${spaViewerRequestCode}; handler`) as Handler;
const viewerResponse = runInNewContext(`${spaViewerResponseCode}; handler`) as Handler;
const classify = runInNewContext(`${spaViewerRequestCode}; classify`) as (uri: string) => string;
const prerendered = runInNewContext(`${spaViewerRequestCode}; prerenderedFile`) as (
  uri: string,
) => string | null;
const pickLanguage = runInNewContext(`${spaViewerRequestCode}; pickLanguage`) as (header?: string) => string;

function request(
  uri: string,
  acceptLanguage?: string,
  querystring: Record<string, { value: string; multiValue?: Array<{ value: string }> }> = {},
) {
  return {
    request: {
      uri,
      querystring,
      headers: acceptLanguage ? { 'accept-language': { value: acceptLanguage } } : {},
    },
  };
}

const PATHS = [
  '/',
  '/en',
  '/ko/',
  '/zh-TW',
  '/xx',
  '/en/no-such-page',
  '/admin',
  '/admin/users',
  '/EN',
  '/en/%E3%81%82',
  '/ja//',
  '/oauth-redirect',
  '/oauth-redirect/',
  '/oauth-redirect/x',
  '/en/signup',
  '/en/signup/pending',
  '/en/signin/oauth/google/forward',
  '/en/payment/pricepolicy',
  '/en/payment/upgrade/pricepolicy',
  '/ko/feature/ai-voice',
  '/es/feature/ai-voice',
  '/en/feature/no-such-feature',
  '/en/solutions/education-video',
  '/ja/solutions/education-video',
  '/ja/transaction-act-details',
  '/en/transaction-act-details',
  '/ko/blog/all',
  '/zh-TW/blog/all',
  '/zh-TW/privacy-policy/',
  '/ja/account/billing',
  '/en/account',
  '/ko/login',
  '/zh-TW/signin/',
  '/es/PRICING',
  '/ja/plans',
  '/pricing',
  '/login/x',
  '/ko/constructor',
];

describe('the CloudFront SPA functions', () => {
  it('fit the 10 KB a CloudFront function may hold (CloudFront quotas: "Maximum size of a function")', () => {
    expect(Buffer.byteLength(spaViewerRequestCode)).toBeLessThanOrEqual(10_240);
    expect(Buffer.byteLength(spaViewerResponseCode)).toBeLessThanOrEqual(10_240);
  });

  it.each(PATHS)('classify %s as the shared rule does', (path) => {
    expect(classify(path)).toBe(classifySitePath(path));
  });

  it.each(PATHS)('find the pre-rendered file of %s as the shared rule does', (path) => {
    expect(prerendered(path) ?? undefined).toBe(prerenderedFile(path));
  });

  it.each(['ko-KR,ko;q=0.9', 'zh-HK', 'fr', 'fr;q=0.9, ja;q=0.8', 'es-MX', 'en-US', '*', ''])(
    'pick the language for Accept-Language "%s" as the shared rule does',
    (header) => {
      expect(pickLanguage(header)).toBe(pickSiteLanguage(parseAcceptLanguage(header)));
    },
  );

  it('redirects / to the language home', () => {
    expect(viewerRequest(request('/', 'ko-KR'))).toMatchObject({
      statusCode: 302,
      headers: { location: { value: '/ko' } },
    });
    expect(viewerRequest(request('/'))).toMatchObject({ headers: { location: { value: '/en' } } });
  });

  it('serves the app shell for pages and the console, files as they are, and the 404 shell otherwise', () => {
    expect(viewerRequest(request('/en'))).toMatchObject({ uri: '/en/index.html' });
    expect(viewerRequest(request('/ja/feature/ai-voice/'))).toMatchObject({
      uri: '/ja/feature/ai-voice/index.html',
    });
    expect(viewerRequest(request('/en/payment/upgrade/pricepolicy'))).toMatchObject({ uri: '/index.html' });
    // The private billing page: the app shell, never a pre-rendered file.
    expect(viewerRequest(request('/zh-TW/account/billing'))).toMatchObject({ uri: '/index.html' });
    expect(viewerRequest(request('/es/feature/ai-voice'))).toMatchObject({ uri: '/404.html' });
    expect(viewerRequest(request('/admin/users'))).toMatchObject({ uri: '/admin.html' });
    expect(viewerRequest(request('/admin'))).toMatchObject({ uri: '/admin.html' });
    expect(viewerRequest(request('/assets/index-abc.js'))).toMatchObject({ uri: '/assets/index-abc.js' });
    expect(viewerRequest(request('/xx'))).toMatchObject({ uri: '/404.html' });
    expect(viewerRequest(request('/en/no-such-page'))).toMatchObject({ uri: '/404.html' });
  });

  it('gives the 404 shell a 404 status, whichever uri the response event shows', () => {
    const respond = (uri: string) =>
      viewerResponse({ request: { uri }, response: { statusCode: 200 } }).statusCode;
    expect(respond('/404.html')).toBe(404);
    expect(respond('/en/no-such-page')).toBe(404);
    expect(respond('/en')).toBe(200);
    expect(respond('/en/index.html')).toBe(200);
    expect(respond('/en/solutions/education-video/index.html')).toBe(200);
    expect(respond('/ko/solutions/education-video')).toBe(404);
    expect(respond('/index.html')).toBe(200);
    expect(respond('/assets/index-abc.js')).toBe(200);
  });

  it('send a typed alias to its page as the shared rule does: 301 below a language, 302 by Accept-Language without one', () => {
    const query = {
      utm_source: { value: 'mail%20list' },
      open: { value: 'x' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
      flag: { value: '' },
    };
    const search = '?utm_source=mail%20list&open=x&tag=a&tag=b&flag';
    for (const uri of ['/ko/login', '/en/signin', '/ja/Pricing/', '/zh-TW/plans', '/es/login']) {
      const found = siteRedirectOf(uri);
      const answer = viewerRequest(request(uri, 'ja', query));
      expect(answer).toMatchObject({
        statusCode: 301,
        headers: {
          location: {
            value: siteRedirectLocation(found?.alias as string, found?.lang as SiteLanguage, search),
          },
        },
      });
      expect(JSON.stringify(answer)).not.toContain('Accept-Language');
    }
    expect(viewerRequest(request('/ko/login'))).toMatchObject({
      headers: { location: { value: '/ko?open=signIn' } },
    });
    expect(viewerRequest(request('/plans', 'ko-KR,ko;q=0.9'))).toMatchObject({
      statusCode: 302,
      headers: {
        location: { value: '/ko/payment/pricepolicy' },
        vary: { value: 'Accept-Language' },
        'cache-control': { value: 'no-store' },
      },
    });
    expect(viewerRequest(request('/login', 'fr'))).toMatchObject({
      headers: { location: { value: '/en?open=signIn' } },
    });
    // The response function leaves an alias's status alone (no 404 on a redirect).
    expect(viewerResponse({ request: { uri: '/ko/login' }, response: { statusCode: 301 } }).statusCode).toBe(
      301,
    );
  });
});
