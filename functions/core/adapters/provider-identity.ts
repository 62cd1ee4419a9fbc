import type { CodeFlowProvider } from '../../../shared/identity/sign-in-providers.ts';
import { IdentityError } from '../errors.ts';
import { logger } from '../logger.ts';
import { environment, type VariableName } from '../settings.ts';
import { exchange } from './outside-http.ts';
import { serviceCredentials } from './service-credentials.ts';

/**
 * Who a Kakao or Naver sign-in is, as the provider proved it: its stable id for the person (`sub`), the
 * address it gave (none when the person did not consent to share it) and whether the provider says it
 * verified that address (Naver never says so).
 */
export interface ProviderProfile {
  provider: CodeFlowProvider;
  sub: string;
  email?: string | undefined;
  emailVerified: boolean;
  name: string;
}

/** The authorization code of a sign-in popup, with what its authorize request carried. */
export interface CodeGrant {
  code: string;
  redirectUri: string;
  nonce?: string | undefined;
  state?: string | undefined;
}

/**
 * One call to a sign-in provider: its answer (any status), or NETWORK_REQUEST_FAILED when it cannot be
 * reached or answers with a server error, so that the visitor is told to try again rather than that
 * the sign-in was refused.
 */
export async function providerCall(
  name: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  let answer: { status: number; body: unknown };
  try {
    answer = await exchange(url, init);
  } catch (error) {
    logger.warn(`${name} unreachable`, { error });
    throw new IdentityError('NETWORK_REQUEST_FAILED', `${name} could not be reached`);
  }
  if (answer.status >= 500)
    throw new IdentityError('NETWORK_REQUEST_FAILED', `${name} answered ${answer.status}`);
  const body =
    answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : undefined;
  return { status: answer.status, body };
}

/** A refusal of the provider: the code or token is not good (reused, expired, for another redirect). */
export function refusedBy(name: string, body: Record<string, unknown> | undefined): IdentityError {
  const code = [body?.error_code, body?.error, body?.resultcode].find((value) => typeof value === 'string');
  logger.info(`${name} refused the sign-in`, { providerCode: code, description: body?.error_description });
  return new IdentityError('INVALID_ID_TOKEN', `${name} refused the sign-in${code ? ` (${code})` : ''}`, {
    ...(typeof code === 'string' ? { providerCode: code } : {}),
  });
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' };

/** A display name of the account's rule's length from what the provider gave, else the address. */
export function profileName(given: unknown, email: string | undefined): string {
  if (typeof given === 'string' && given.trim()) return given.trim();
  return email?.split('@')[0] ?? '';
}

/**
 * A provider's client: its hosts (the provider's own, or a stand-in's on one machine) and our client id
 * and secret (a secret's JSON {clientId, clientSecret} in AWS, variables on one machine).
 */
export function providerClient(config: {
  secretArn: VariableName;
  clientId: VariableName;
  clientSecret: VariableName;
  auth: { variable: VariableName; host: string };
  api: { variable: VariableName; host: string };
  authorizePath: string;
}) {
  const hosts = () => ({
    auth: (environment(config.auth.variable) ?? config.auth.host).replace(/\/$/, ''),
    api: (environment(config.api.variable) ?? config.api.host).replace(/\/$/, ''),
  });
  const credentials = () =>
    serviceCredentials(config.secretArn, { clientId: config.clientId, clientSecret: config.clientSecret });
  return {
    hosts,
    credentials,
    /** Where the browser asks the provider for a code, and our client id there. */
    async signInClient(): Promise<{ authorizeUrl: string; clientId: string }> {
      const { clientId } = await credentials();
      return { authorizeUrl: `${hosts().auth}${config.authorizePath}`, clientId };
    },
  };
}
