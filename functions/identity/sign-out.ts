import { signOut } from '../../shared/api/identity.ts';
import { clearedRefreshCookie, endSession, refreshCookieName } from '../core/identity/sessions.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(signOut, async (input, { cookies, setCookie }) => {
  const token = input.refreshToken ?? cookies[refreshCookieName(input.clientType)];
  if (token) await endSession(token);
  setCookie(clearedRefreshCookie(input.clientType));
  return {};
});
