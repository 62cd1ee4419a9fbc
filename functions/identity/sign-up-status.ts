import { signUpStatus } from '../../shared/api/identity.ts';
import { pendingSignUpStatus } from '../core/identity/pending-sign-up.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(signUpStatus, async (input, { setCookie }) => {
  const { cookie, ...status } = await pendingSignUpStatus(input);
  if (cookie) setCookie(cookie);
  return status;
});
