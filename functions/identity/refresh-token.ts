import { refreshToken } from '../../shared/api/identity.ts';
import { IdentityError } from '../core/errors.ts';
import { clearedRefreshCookie, refreshCookieName, refreshSession } from '../core/identity/sessions.ts';
import { defineHandler } from '../core/pipeline.ts';

/** No refresh token at all is the signed-out visitor's normal case: an answer without a session. */
export const handler = defineHandler(refreshToken, async (input, { cookies, setCookie }) => {
  const token = input.refreshToken ?? cookies[refreshCookieName(input.clientType)];
  if (!token) return {};
  try {
    const { cookie, ...refreshed } = await refreshSession(token, input.clientType);
    if (cookie) setCookie(cookie);
    return refreshed;
  } catch (error) {
    if (error instanceof IdentityError && !input.refreshToken)
      setCookie(clearedRefreshCookie(input.clientType));
    throw error;
  }
});
