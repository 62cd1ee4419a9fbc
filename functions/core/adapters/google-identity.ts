import { IdentityError } from '../errors.ts';
import { settings } from '../settings.ts';

/** Who a Google access token belongs to. */
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  } catch {
    throw new IdentityError('NETWORK_REQUEST_FAILED', 'Google could not be reached');
  }
  if (response.status >= 500)
    throw new IdentityError('NETWORK_REQUEST_FAILED', `Google answered ${response.status}`);
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/**
 * Checks an access token of the implicit flow with Google: the token info endpoint must say it was
 * issued to OUR client (a token another site obtained for the same person is refused), then the
 * userinfo endpoint tells who it is. Rejected tokens give INVALID_ID_TOKEN, an unreachable Google
 * NETWORK_REQUEST_FAILED.
 */
export async function googleProfile(accessToken: string): Promise<GoogleProfile> {
  const google = settings.google;
  const info = await getJson(`${google.tokenInfoUrl}?access_token=${encodeURIComponent(accessToken)}`);
  const audience = (info.body as { aud?: unknown; azp?: unknown } | undefined) ?? {};
  if (info.status !== 200 || (audience.aud !== google.clientId && audience.azp !== google.clientId))
    throw new IdentityError('INVALID_ID_TOKEN', 'The Google token was not issued to this product');
  const user = await getJson(google.userInfoUrl, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = user.body as
    | { sub?: unknown; email?: unknown; email_verified?: unknown; name?: unknown }
    | undefined;
  if (user.status !== 200 || typeof body?.sub !== 'string' || typeof body.email !== 'string')
    throw new IdentityError('INVALID_ID_TOKEN', 'Google refused the token');
  return {
    sub: body.sub,
    email: body.email,
    emailVerified: body.email_verified === true || body.email_verified === 'true',
    name:
      typeof body.name === 'string' && body.name.trim() ? body.name.trim() : (body.email.split('@')[0] ?? ''),
  };
}
