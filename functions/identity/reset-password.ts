import { resetPassword } from '../../shared/api/identity.ts';
import { resetPasswordWithLink } from '../core/identity/password-reset.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(resetPassword, async (input) => ({
  email: await resetPasswordWithLink(input.token, input.password),
}));
