import { adminGeneratePasswordResetLink } from '../../shared/api/identity.ts';
import { recordUserActivity } from '../core/data/user-activity-repository.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { passwordResetLink } from '../core/identity/verification.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminGeneratePasswordResetLink, async (input, context) => {
  const link = await passwordResetLink(input.id, input.data.email);
  await recordUserActivity({
    uid: input.id,
    action: 'password.reset-link',
    desc: input.data.email,
    operator: operatorOf(context),
  });
  return { link };
});
