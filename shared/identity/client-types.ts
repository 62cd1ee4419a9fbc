/**
 * The seven client types of the product (site-and-payments.md section 3). Web client types keep the
 * refresh token in an HttpOnly cookie and never see it; the apps (desktop, iOS, Android) get it in the
 * answer and keep it in their own secure storage.
 */
export const CLIENT_TYPES = [
  'desktop',
  'try',
  'ios',
  'shared-preview',
  'landing',
  'android',
  'console',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

const WEB_CLIENT_TYPES: readonly ClientType[] = ['try', 'shared-preview', 'landing', 'console'];

export function isWebClientType(clientType: ClientType): boolean {
  return WEB_CLIENT_TYPES.includes(clientType);
}

/** The client type of the public site's pages (sign-up, sign-in modal, Google sign-in). */
export const SITE_CLIENT_TYPE: ClientType = 'landing';
/** The client type of the admin console: its sessions never persist across browser restarts. */
export const CONSOLE_CLIENT_TYPE: ClientType = 'console';
