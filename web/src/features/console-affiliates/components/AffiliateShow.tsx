import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { KST_DATE } from '../../../../../shared/time/kst.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { useAffiliate } from '../api/affiliates.ts';

/** affiliate/{code}/show: the affiliate's terms. */
export function AffiliateShow({ couponCode }: { couponCode: string }) {
  const { t } = useTranslation('console-affiliates');
  const affiliate = useAffiliate(couponCode);
  const shown = affiliate.data;
  return (
    <>
      <PageTitle title={shown ? shown.name : couponCode}>
        <Link to="/admin/affiliate/$code/edit" params={{ code: couponCode }} className="console-button">
          {t('console-shell:action.edit')}
        </Link>
      </PageTitle>
      <ErrorNote error={affiliate.error} />
      {shown ? (
        <section className="console-card">
          <dl className="console-details">
            <dt>{t('field.coupon_code')}</dt>
            <dd>{shown.couponCode}</dd>
            <dt>{t('field.country')}</dt>
            <dd>{shown.countryCode}</dd>
            <dt>{t('field.coupon_type')}</dt>
            <dd>{t(`coupon_type.${shown.couponType}`)}</dd>
            <dt>{t('field.start')}</dt>
            <dd>
              <KstTime ms={shown.startedAt} format={KST_DATE} />
            </dd>
            <dt>{t('field.end')}</dt>
            <dd>
              <KstTime ms={shown.expiredAt} format={KST_DATE} />
            </dd>
            <dt>{t('field.has_sign_up_reward')}</dt>
            <dd>
              {shown.hasSignUpReward
                ? `${shown.signUpRewardAmount} ${shown.signUpRewardCurrency ?? ''}`
                : t('off')}
            </dd>
            <dt>{t('field.has_payment_share')}</dt>
            <dd>{shown.hasPaymentShare ? `${shown.paymentSharePercentage}%` : t('off')}</dd>
          </dl>
        </section>
      ) : null}
    </>
  );
}
