import { adminGeneratePasswordResetLink } from '../../shared/api/identity.ts';
import { passwordResetLink } from '../core/identity/verification.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminGeneratePasswordResetLink, async (input) => ({
  link: await passwordResetLink(input.id, input.data.email),
}));
