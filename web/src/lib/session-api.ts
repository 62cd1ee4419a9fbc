import type { RouteOutput } from '../../../shared/api/define-route.ts';
import { signIn } from '../../../shared/api/identity.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { callRoute } from './api-client.ts';

export type SignedIn = RouteOutput<typeof signIn>;

export function signInWithPassword(input: {
  email: string;
  password: string;
  clientType: ClientType;
  language: SiteLanguage;
  persistSession: boolean;
}): Promise<SignedIn> {
  return callRoute(signIn, input);
}
