import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as z from 'zod';
import { GoogleForward } from '../../../../../features/auth/components/GoogleForward.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';

/**
 * Starts Google sign-in. `popup=1` with the opener's `nonce` for the sign-in modal; otherwise the
 * full-page flow, where `action` (e.g. `desktop` for the app's deeplink sign-in), `target` (a page to
 * return to) and `affiliateCode` travel in the state.
 */
export const Route = createFileRoute('/$lang/signin/oauth/google/forward')({
  validateSearch: z.object({
    popup: z.coerce.boolean().optional().catch(undefined),
    nonce: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional()
      .catch(undefined),
    action: z.string().max(32).catch('signin'),
    target: z.string().max(512).optional().catch(undefined),
    affiliateCode: z.string().max(64).optional().catch(undefined),
  }),
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: ForwardPage,
});

function ForwardPage() {
  const search = Route.useSearch();
  const { lang } = Route.useRouteContext();
  const request = useMemo(
    () => ({ ...search, popup: Boolean(search.popup), language: lang }),
    [search, lang],
  );
  return (
    <main>
      <GoogleForward request={request} />
    </main>
  );
}
