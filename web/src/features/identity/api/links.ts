import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import { resetPassword, verifyEmail } from '../../../../../shared/api/identity.ts';
import { callRoute } from '../../../lib/api-client.ts';

export function applyVerificationLink(token: string): Promise<RouteOutput<typeof verifyEmail>> {
  return callRoute(verifyEmail, { token });
}

export function setNewPassword(token: string, password: string): Promise<RouteOutput<typeof resetPassword>> {
  return callRoute(resetPassword, { token, password });
}
