import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { erasedUsageType } from '../../../../../shared/usage-eraser/eraser-options.ts';
import { PaymentFailureNote } from '../../../components/PaymentFailureNote.tsx';
import { describePaymentFailure } from '../../../lib/payment-failure.ts';
import { readProgress, useFailure, useOutcome, useTitle } from '../../checkout/index.ts';
import '../../checkout/checkout.css';

/** /payment/eraser/result/success: which feature's monthly usage is available again. */
export function EraserSuccess({ guid }: { guid: string | undefined }) {
  const { t } = useTranslation('eraser');
  useTitle(t('success.title'));
  const outcome = useOutcome(guid);
  if (outcome === undefined) return null;
  const progress = guid ? readProgress(guid) : undefined;
  const erased = erasedUsageType(progress?.planName);
  return (
    <main id="main" className="order-page order-result">
      <h1>{t('success.title')}</h1>
      <p role="status">
        {erased ? t('success.reset', { feature: t(`usage.${erased}`) }) : t('success.lead')}
      </p>
    </main>
  );
}

/** /payment/eraser/result/fail: the stored failure, and the way back to the eraser order. */
export function EraserFail({ lang, guid }: { lang: SiteLanguage; guid: string | undefined }) {
  const { t } = useTranslation('eraser');
  const failure = useFailure(guid);
  const view = failure && describePaymentFailure(t, failure);
  const title = view?.abandoned ? t('errors:payment_failure.abandoned_title') : t('fail.title');
  useTitle(title);
  if (!view) return null;
  return (
    <main id="main" className="order-page order-result">
      <h1>{title}</h1>
      <PaymentFailureNote view={view} />
      {guid ? (
        <a className="button" href={`/${lang}/payment/eraser/order?${new URLSearchParams({ guid })}`}>
          {t('fail.retry')}
        </a>
      ) : null}
    </main>
  );
}
