import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PROVIDER_CHECKOUT_ORIGIN, PROVIDER_SDK_URL } from '../shared/payments/provider-browser.ts';
import { securityHeaderValues } from '../shared/site/security-headers.ts';
import { testApp } from './test-app.ts';

interface SecurityHeadersConfig {
  ContentSecurityPolicy: { ContentSecurityPolicy: string; Override: boolean };
  ContentTypeOptions: { Override: boolean };
  FrameOptions: { FrameOption: string; Override: boolean };
  ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
  StrictTransportSecurity: {
    AccessControlMaxAgeSec: number;
    IncludeSubdomains: boolean;
    Preload: boolean;
    Override: boolean;
  };
}

/** The headers CloudFront adds from a response headers policy, spelled as the browser gets them. */
function headersCloudFrontSends(config: SecurityHeadersConfig): Record<string, string> {
  const hsts = config.StrictTransportSecurity;
  return {
    'strict-transport-security': [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': config.FrameOptions.FrameOption,
    'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
    'content-security-policy': config.ContentSecurityPolicy.ContentSecurityPolicy,
  };
}

function sourcesOf(policy: string, directive: string): string[] {
  return (
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === directive)
      ?.slice(1) ?? []
  );
}

/** CSP source matching (CSP3 "Does url match expression"), for the host-source forms the policy uses. */
function admits(policy: string, directive: string, url: string): boolean {
  const target = new URL(url);
  return sourcesOf(policy, directive).some((source) => {
    if (!/^https?:\/\//.test(source)) return false;
    const allowed = new URL(source);
    if (allowed.protocol !== target.protocol || allowed.host !== target.host) return false;
    const path = allowed.pathname;
    return path === '/' || (path.endsWith('/') ? target.pathname.startsWith(path) : target.pathname === path);
  });
}

describe('the security headers', () => {
  const web = Template.fromStack(testApp().web);
  const [policy] = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  const config = policy?.Properties.ResponseHeadersPolicyConfig
    .SecurityHeadersConfig as SecurityHeadersConfig;

  it('CloudFront sends what the local runtime sends, every header overriding the origin’s', () => {
    expect(headersCloudFrontSends(config)).toEqual(securityHeaderValues());
    for (const header of Object.values(config)) expect(header.Override).toBe(true);
  });

  it('admit the payment provider’s SDK as a script and its checkout as a frame and a form target', () => {
    const csp = config.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(admits(csp, 'script-src', PROVIDER_SDK_URL)).toBe(true);
    expect(admits(csp, 'frame-src', `${PROVIDER_CHECKOUT_ORIGIN}/payments/ready`)).toBe(true);
    expect(admits(csp, 'form-action', `${PROVIDER_CHECKOUT_ORIGIN}/payments/ready`)).toBe(true);
    expect(admits(csp, 'script-src', 'https://cdn.example.com/iamport.js')).toBe(false);
  });

  it('admit no script by a blanket source, and no wildcard anywhere', () => {
    const csp = config.ContentSecurityPolicy.ContentSecurityPolicy;
    for (const blanket of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'http:', 'data:', 'blob:'])
      expect(sourcesOf(csp, 'script-src')).not.toContain(blanket);
    expect(csp).not.toMatch(/\*|\shttps?:[\s;]|\shttps?:$/);
  });
});
