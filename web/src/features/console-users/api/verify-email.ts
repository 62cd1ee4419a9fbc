import { adminVerifyEmail } from '../../../../../shared/api/identity.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { useUserAction } from './user-action.ts';

export const verifyEmail = (uid: string) => adminCall(adminVerifyEmail, { id: uid });

export const useVerifyEmail = (uid: string) => useUserAction(uid, () => verifyEmail(uid));
