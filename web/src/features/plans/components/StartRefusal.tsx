import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../components/Modal.tsx';
import type { StartRefusal as Refusal } from '../../../lib/payment-start.ts';

/**
 * Why a signed-in visitor's start stopped (a pass held, an unverified address, nothing to upgrade to, a
 * partner's account): the payment-start sign-in's alert, shown on the pricing page since no sign-in was
 * asked. Loaded only when a start is refused; the auth texts are loaded before it shows.
 */
export function StartRefusal({ refusal, onClose }: { refusal: Refusal | undefined; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <MessageDialog
      message={refusal && t(refusal)}
      title={t('payment.title')}
      buttonLabel={t('common.ok')}
      onClose={onClose}
    />
  );
}
