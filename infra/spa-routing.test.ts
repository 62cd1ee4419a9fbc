import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, pickSiteLanguage } from '../shared/languages.ts';
import { classifySitePath, prerenderedFile } from '../shared/site/site-pages.ts';
import { spaViewerRequestCode, spaViewerResponseCode } from './spa-routing.ts';

type Handler = (event: unknown) => Record<string, unknown>;
const viewerRequest = runInNewContext(`${spaViewerRequestCode}; handler`) as Handler;
const viewerResponse = runInNewContext(`${spaViewerResponseCode}; handler`) as Handler;
const classify = runInNewContext(`${spaViewerRequestCode}; classify`) as (uri: string) => string;
const prerendered = runInNewContext(`${spaViewerRequestCode}; prerenderedFile`) as (
  uri: string,
) => string | null;
const pickLanguage = runInNewContext(`${spaViewerRequestCode}; pickLanguage`) as (header?: string) => string;

function request(uri: string, acceptLanguage?: string) {
  return {
    request: {
      uri,
      querystring: {},
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
];

describe('the CloudFront SPA functions', () => {
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
});
