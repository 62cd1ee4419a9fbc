import { oauthLink } from '../../shared/api/identity.ts';
import { linkByPassword, ticketProfile } from '../core/identity/provider-sign-in.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(oauthLink, async (input, { sourceIp, setCookie }) => {
  const profile = await ticketProfile(input.providerId, input.credential);
  const { cookie, ...signedIn } = await linkByPassword(profile, { ...input, clientAddress: sourceIp });
  if (cookie) setCookie(cookie);
  return signedIn;
});
