import { signIn } from '../../shared/api/identity.ts';
import { signInWithPassword } from '../core/identity/sign-in.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(signIn, async (input, { sourceIp, setCookie }) => {
  const { cookie, ...signedIn } = await signInWithPassword({ ...input, clientAddress: sourceIp });
  if (cookie) setCookie(cookie);
  return signedIn;
});
