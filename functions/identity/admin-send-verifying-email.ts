import { adminSendVerifyingEmail } from '../../shared/api/identity.ts';
import { recordUserActivity } from '../core/data/user-activity-repository.ts';
import { getUser } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { sendVerificationMails } from '../core/identity/verification.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminSendVerifyingEmail, async (input, context) => {
  const user = await getUser(input.id);
  if (!user || user.deleted) throw new NotFound(`User ${input.id}`);
  await sendVerificationMails(user, { language: input.data.language, recipients: 'account' });
  await recordUserActivity({
    uid: user.uid,
    action: 'email.send-verification',
    desc: `${user.email} (${input.data.language})`,
    operator: operatorOf(context),
  });
  return { result: 'success' as const };
});
