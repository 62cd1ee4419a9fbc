import { useEffect } from 'react';
import { changePaymentSessionLanguage } from '../../../../../shared/api/orders.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { useSessionChange } from '../hooks/use-session-change.ts';

/**
 * The language change on an order or upgrade page (section 4): the page shows the session in its own
 * language, so a session opened in another one (the language switched, or the link opened in another
 * language) is made to follow it. The server's answer replaces the cached session: the wallet offer,
 * the currency and its options, and the upgrade data are the new language's; the currency option is
 * asked again by the page, keyed by its language. Returns whether the session is still being moved.
 */
export function useSessionFollowsLanguage(lang: SiteLanguage, sessionInfo: SessionInfo | undefined) {
  const change = useSessionChange<{ language: SiteLanguage }>(
    sessionInfo?.guid ?? '',
    sessionInfo?.isTest ?? false,
    async (input) => (await callRoute(changePaymentSessionLanguage, input)).sessionInfo,
  );
  const differs = Boolean(sessionInfo && sessionInfo.language !== lang);
  const { mutate, isPending, isError } = change;
  useEffect(() => {
    if (differs && !isPending && !isError) mutate({ language: lang });
  }, [differs, isPending, isError, mutate, lang]);
  return differs && !isError;
}
