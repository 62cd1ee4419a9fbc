import { resendVerificationMail } from '../../shared/api/identity.ts';
import { resendVerificationByAddress } from '../core/identity/accounts.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(resendVerificationMail, async (input) => {
  await resendVerificationByAddress(input.email, input.language);
  return {};
});
