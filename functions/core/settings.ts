import type { ENVIRONMENT, ENVIRONMENT_FAMILIES } from './environment-variables.ts';

/**
 * Runtime settings of the server code. This module is the only reader of the environment
 * (settings.test.ts fails on a read elsewhere in functions/ and events/), and only of the variables
 * environment-variables.ts declares. Values are read on use, once per container where cached.
 */
export type VariableName = keyof typeof ENVIRONMENT | `${keyof typeof ENVIRONMENT_FAMILIES}${string}`;

/** A declared variable's value; an empty value counts as unset. */
export function environment(name: VariableName): string | undefined {
  return process.env[name] || undefined;
}

/**
 * Whether the function is given a declared variable, without reading it: for work a function does only
 * with what its template gives (an environment prepared ahead), where a missing one is no fault.
 */
export function isGiven(name: VariableName): boolean {
  return name in process.env;
}

export function requiredEnvironment(name: VariableName): string {
  const value = environment(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export const settings = {
  get tableName(): string {
    return requiredEnvironment('TABLE_NAME');
  },
  get region(): string {
    return environment('AWS_REGION') ?? 'ap-northeast-2';
  },
  /** The site's origin, e.g. https://cutloom.app: the base of the links the product mails. */
  get siteUrl(): string {
    return requiredEnvironment('SITE_URL').replace(/\/$/, '');
  },
  /** The sender of the product's mails (an SES-verified identity). */
  get mailFrom(): string {
    return requiredEnvironment('MAIL_FROM');
  },
  /** Google sign-in: our OAuth client and the provider's endpoints (the local sandbox on one machine). */
  get google() {
    return {
      clientId: requiredEnvironment('GOOGLE_CLIENT_ID'),
      authorizeUrl: environment('GOOGLE_AUTHORIZE_URL') ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenInfoUrl: environment('GOOGLE_TOKENINFO_URL') ?? 'https://oauth2.googleapis.com/tokeninfo',
      userInfoUrl: environment('GOOGLE_USERINFO_URL') ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    };
  },
  /** Deployment stage: 'local', 'dev' or 'release'. */
  get stage(): string {
    return environment('STAGE') ?? 'local';
  },
};
