import { adminSendVerifyingEmail } from '../../../../../shared/api/identity.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { useUserAction } from './user-action.ts';

export const sendVerifyingEmail = (uid: string, language: SiteLanguage) =>
  adminCall(adminSendVerifyingEmail, { id: uid, data: { language } });

export const useSendVerifyingEmail = (uid: string) =>
  useUserAction(uid, (language: SiteLanguage) => sendVerifyingEmail(uid, language));
