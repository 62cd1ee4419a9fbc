import { adminSendVerifyingEmail } from '../../shared/api/identity.ts';
import { getUser } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { sendVerificationMails } from '../core/identity/verification.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminSendVerifyingEmail, async (input) => {
  const user = await getUser(input.id);
  if (!user || user.deleted) throw new NotFound(`User ${input.id}`);
  await sendVerificationMails(user, { language: input.data.language, includeParent: false });
  return { result: 'success' as const };
});
