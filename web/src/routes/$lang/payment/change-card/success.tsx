import { createFileRoute } from '@tanstack/react-router';
import { ChangeCardSuccess } from '../../../../features/change-card/components/ChangeCardPages.tsx';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/change-card/success')({
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['change-card']),
  component: ChangeCardSuccess,
});
