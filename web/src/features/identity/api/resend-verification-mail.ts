import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import { resendVerificationMail } from '../../../../../shared/api/identity.ts';
import { callRoute } from '../../../lib/api-client.ts';

export function requestVerificationMail(input: RouteInput<typeof resendVerificationMail>): Promise<unknown> {
  return callRoute(resendVerificationMail, input);
}
