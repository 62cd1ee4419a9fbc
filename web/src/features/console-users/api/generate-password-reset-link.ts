import { adminGeneratePasswordResetLink } from '../../../../../shared/api/identity.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { useUserAction } from './user-action.ts';

export const generatePasswordResetLink = (uid: string, email: string) =>
  adminCall(adminGeneratePasswordResetLink, { id: uid, data: { email } });

export const useGeneratePasswordResetLink = (uid: string, email: string) =>
  useUserAction(uid, () => generatePasswordResetLink(uid, email));
