import { staffSecondFactor } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/pipeline.ts';
import { completeSecondFactor } from '../core/staff/second-factor.ts';

export const handler = defineHandler(staffSecondFactor, async (input, { requestId, sourceIp, setCookie }) => {
  const { cookie, ...signedIn } = await completeSecondFactor(input, { requestId, sourceAddress: sourceIp });
  if (cookie) setCookie(cookie);
  return signedIn;
});
