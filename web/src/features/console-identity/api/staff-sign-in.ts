import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import {
  staffInvitationAccept,
  staffSecondFactor,
  staffSignIn,
  staffTotpSecret,
} from '../../../../../shared/api/staff.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** The console's sign-in steps (shared/api/staff.ts): password, then the second factor. */
export const passwordStep = (input: RouteInput<typeof staffSignIn>) => callRoute(staffSignIn, input);
export const enrolmentSecret = (ticket: string) => callRoute(staffTotpSecret, { ticket });
export const secondFactorStep = (input: RouteInput<typeof staffSecondFactor>) =>
  callRoute(staffSecondFactor, input);
export const acceptInvitation = (input: RouteInput<typeof staffInvitationAccept>) =>
  callRoute(staffInvitationAccept, input);
