import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { CLIENT_TYPES } from '../../../../../shared/identity/client-types.ts';
import { SignUpRedirect } from '../../../features/auth/components/SignUpRedirect.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/signup/redirect')({
  validateSearch: z.object({
    token: z.string().max(4096).catch(''),
    clientType: z.enum(CLIENT_TYPES).catch('landing'),
    affiliateCode: z.string().max(64).optional().catch(undefined),
  }),
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => {
    const { token, clientType, affiliateCode } = Route.useSearch();
    return (
      <main>
        <SignUpRedirect token={token} clientType={clientType} affiliateCode={affiliateCode} />
      </main>
    );
  },
});
