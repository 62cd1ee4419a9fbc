import type { RouteInput, RouteOutput } from '../../../../../shared/api/define-route.ts';
import { signUp, signUpStatus } from '../../../../../shared/api/identity.ts';
import { callRoute } from '../../../lib/api-client.ts';

export function submitSignUp(input: RouteInput<typeof signUp>): Promise<RouteOutput<typeof signUp>> {
  return callRoute(signUp, input);
}

export function fetchSignUpStatus(
  input: RouteInput<typeof signUpStatus>,
): Promise<RouteOutput<typeof signUpStatus>> {
  return callRoute(signUpStatus, input);
}

/** Where the pending page finds its sign-up session after a reload (this tab only). */
export const PENDING_SIGN_UP_KEY = 'cutloom.pendingSignUp';
