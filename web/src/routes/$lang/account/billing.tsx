import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing/components/BillingPage.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/account/billing')({
  beforeLoad: ({ context }) =>
    loadLanguage(context.lang, [
      'common',
      'errors',
      'billing',
      'cash-receipt',
      'tax-invoice',
      'renewal-consent',
      'plan-change',
      'account-deletion',
      'legal',
    ]),
  component: () => <BillingPage lang={Route.useRouteContext().lang} />,
});
