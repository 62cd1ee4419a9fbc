import { signUp } from '../../shared/api/identity.ts';
import { signUpMaintenance, signUpWithPassword, viewerLocation } from '../core/identity/accounts.ts';
import { openPendingSignUp } from '../core/identity/pending-sign-up.ts';
import { toUserInfo } from '../core/identity/user-info.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(signUp, async (input, { headers }) => {
  const maintenance = await signUpMaintenance();
  if (maintenance) return { maintenance };
  const user = await signUpWithPassword(input, { location: viewerLocation(headers) });
  return { user: toUserInfo(user), sessionId: await openPendingSignUp(user.uid) };
});
