import { PROVIDER_CHECKOUT_ORIGIN, PROVIDER_SDK_URL } from '../payments/provider-browser.ts';
import { MEDIA_ORIGIN } from './origins.ts';

/**
 * The security headers of every page and API answer of the site: CloudFront's response headers policy
 * (infra/web-stack.ts) and the local runtime (scripts/local/runtime.ts) both read them from here, so
 * every browser test runs under production's policy.
 *
 * The local stage serves them unchanged. Its stand-ins for the outside pages (the sandbox checkout,
 * the wallet's registration page, Google's account chooser) are pages of the site's own origin under
 * `/_local/`, reached by top-level navigation as their real counterparts are, and a top-level
 * navigation is governed by no directive here; so the sandbox needs no addition. The one addition is
 * Vite's development server (`npm start` without `--web=dist`), declared in scripts/local/site.ts.
 */

/** Directive -> sources. */
export type ContentSecurityPolicy = Readonly<Record<string, readonly string[]>>;

/**
 * SHA-256 (base64) of each inline script the pre-rendered pages carry. The build (web/prerender.ts)
 * hashes every inline script it writes and fails, naming the hash, when one is not listed here; the
 * policy itself stays independent of a build, so CDK synthesises the same policy with or without one.
 */
export const PRERENDERED_INLINE_SCRIPTS = [
  // TanStack Router's scroll restoration (router.ts: scrollRestoration), @tanstack/router-core 1.170.
  'zFML+AEdb/HsbX66VlYzBOqJKNNHs5/WNGYP8JiblyY=',
] as const;

/**
 * Why each source is there:
 * - `script-src` PortOne's CDN: the SDK the checkout loads (PROVIDER_SDK_URL). The pre-rendered pages
 *   carry one inline script, TanStack Router's scroll restoration, admitted by its hash
 *   (PRERENDERED_INLINE_SCRIPTS). No 'unsafe-inline', no 'unsafe-eval' (zod runs jitless, see
 *   web/src/lib/csp.ts).
 * - `frame-src`, `form-action`, `connect-src` PortOne's checkout host: the SDK opens a desktop
 *   checkout in a frame on it and sends a phone's page there (a form post), and talks to it. The
 *   PGs' own pages run inside that frame or window under their own policy.
 * - `style-src 'unsafe-inline'`: the pre-rendered pages inline the site's stylesheet, React writes
 *   `style` attributes into pre-rendered markup, and the provider's SDK styles its own overlay;
 *   a style cannot run script.
 * - `img-src data:`: small SVGs inlined in the stylesheet. `media-src`: the promo videos' host.
 * - Nothing for Google sign-in: the popup is a page of this site that navigates to Google and comes
 *   back to `/oauth-redirect`, and the server checks the token. Nothing for the wallet (Naver Pay
 *   recurring): its registration page is a top-level navigation. Nothing for analytics: events go to
 *   our own API, and the site loads no tag or analytics script.
 */
export const CONTENT_SECURITY_POLICY: ContentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    new URL(PROVIDER_SDK_URL).origin,
    ...PRERENDERED_INLINE_SCRIPTS.map((hash) => `'sha256-${hash}'`),
  ],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'", MEDIA_ORIGIN],
  'connect-src': ["'self'", PROVIDER_CHECKOUT_ORIGIN],
  'frame-src': [PROVIDER_CHECKOUT_ORIGIN],
  'form-action': ["'self'", PROVIDER_CHECKOUT_ORIGIN],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The bodies of the inline scripts of an HTML page (what a `'sha256-…'` source must hash). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, body]) => body ?? '')
    .filter((body) => body !== '');
}

/** The policy with more sources in some directives (the development server's). */
export function withSources(
  policy: ContentSecurityPolicy,
  additions: ContentSecurityPolicy,
): ContentSecurityPolicy {
  const merged: Record<string, readonly string[]> = { ...policy };
  for (const [directive, sources] of Object.entries(additions))
    merged[directive] = [...new Set([...(merged[directive] ?? []), ...sources])];
  return merged;
}

export function serializePolicy(policy: ContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}

/** The other security headers, in the terms of CloudFront's security headers behaviour. */
export const SECURITY_HEADERS = {
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 3600, includeSubdomains: true, preload: true },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/** The headers as a browser receives them (CloudFront's spelling of each value). */
export function securityHeaderValues(
  policy: ContentSecurityPolicy = CONTENT_SECURITY_POLICY,
): Record<string, string> {
  const hsts = SECURITY_HEADERS.strictTransportSecurity;
  return {
    'strict-transport-security': [
      `max-age=${hsts.maxAgeSeconds}`,
      ...(hsts.includeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.preload ? ['preload'] : []),
    ].join('; '),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'content-security-policy': serializePolicy(policy),
  };
}
