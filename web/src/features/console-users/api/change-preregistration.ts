import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import { adminUserPreregistration } from '../../../../../shared/api/users.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { useUserAction } from './user-action.ts';

export type PreregistrationStep = RouteInput<typeof adminUserPreregistration>;

export const changePreregistration = (step: PreregistrationStep) => adminCall(adminUserPreregistration, step);

export const useChangePreregistration = (uid: string) => useUserAction(uid, changePreregistration);
