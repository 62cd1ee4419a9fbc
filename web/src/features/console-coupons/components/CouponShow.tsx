import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { AdminCoupon, AdminCouponUsageSchema } from '../../../../../shared/api/coupons.ts';
import { SITE_LANGUAGES, type SiteLanguage } from '../../../../../shared/languages.ts';
import { CopyButton } from '../../../components/console/CopyButton.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { identifier, kstTime, labelled, money } from '../../../components/console/list/list-columns.tsx';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { SelectField } from '../../../components/console/SelectField.tsx';
import { codeLabel, payMethodLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import { useCoupon, useCouponUsages } from '../api/coupons.ts';
import { CouponBonusQuotas } from './CouponBonusQuotas.tsx';
import { CouponDiscounts } from './CouponDiscounts.tsx';

type Usage = z.infer<typeof AdminCouponUsageSchema>;
const column = createColumnHelper<Usage>();

/** Spec: a code's sign-up link is {base address}/{lang}/signup?coupon=CODE. */
export function signUpLink(base: string, language: SiteLanguage, couponCode: string): string {
  return `${base}/${language}/signup?coupon=${encodeURIComponent(couponCode)}`;
}

function SignUpLink({ couponCode }: { couponCode: string }) {
  const { t } = useTranslation('console-coupons');
  const [language, setLanguage] = useState<SiteLanguage>('ko');
  const link = signUpLink(window.location.origin, language, couponCode);
  return (
    <div className="console-filters">
      <SelectField
        label={t('link.language')}
        value={language}
        choices={SITE_LANGUAGES}
        onChange={setLanguage}
      />
      <div className="console-field">
        <label htmlFor="coupon-sign-up-link">{t('link.label')}</label>
        <input id="coupon-sign-up-link" readOnly value={link} />
      </div>
      <CopyButton text={link} label={t('link.copy')} copiedText={t('link.copied', { link })} />
    </div>
  );
}

function CouponDetails({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation('console-coupons');
  const time = (iso: string) => <KstTime ms={Date.parse(iso)} />;
  return (
    <section className="console-card" aria-labelledby="coupon-details">
      <h2 id="coupon-details">{coupon.name}</h2>
      <dl className="console-details">
        <dt>{t('field.code')}</dt>
        <dd>{coupon.couponCode}</dd>
        <dt>{t('field.total')}</dt>
        <dd>{coupon.totalAmount}</dd>
        <dt>{t('field.remain')}</dt>
        <dd>{coupon.remainAmount}</dd>
        <dt>{t('field.start')}</dt>
        <dd>{time(coupon.startedAt)}</dd>
        <dt>{t('field.end')}</dt>
        <dd>{time(coupon.expiredAt)}</dd>
        <dt>{t('field.description')}</dt>
        <dd>{coupon.description}</dd>
        <dt>{t('field.created')}</dt>
        <dd>{time(coupon.created)}</dd>
      </dl>
      <SignUpLink couponCode={coupon.couponCode} />
    </section>
  );
}

/** Who used the coupon, a page at a time; the list exports to CSV. */
function CouponUsages({ couponCode }: { couponCode: string }) {
  const { t } = useTranslation('console-coupons');
  const usages = useCouponUsages(couponCode);
  const columns = [
    column.accessor('uid', {
      header: t('usage.uid'),
      cell: (info) => (
        <Link to="/admin/users/$id/show" params={{ id: info.getValue() }}>
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('userName', { header: t('usage.user_name') }),
    column.accessor('userEmail', { header: t('usage.user_email'), ...identifier }),
    column.accessor('merchantUid', { header: t('usage.merchant_uid'), ...identifier }),
    column.accessor('customerUid', { header: t('usage.customer_uid'), ...identifier }),
    column.accessor('planName', {
      header: t('field.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('payMethod', {
      header: t('usage.pay_method'),
      ...labelled((method: string) => payMethodLabel(t, method)),
    }),
    column.accessor('price', { header: t('usage.price'), ...money((usage) => usage.currency) }),
    column.accessor('status', {
      header: t('usage.status'),
      ...labelled((status: string) => codeLabel(t, 'paymentStatus', status), { withCode: true }),
    }),
    column.accessor('paidAt', { header: t('usage.paid_at'), ...kstTime() }),
    column.accessor('created', { header: t('field.created'), ...kstTime() }),
  ];
  return (
    <section className="console-card" aria-labelledby="coupon-usages">
      <h2 id="coupon-usages">{t('usage.title')}</h2>
      <ListTable
        list={usages}
        columns={columns}
        caption={t('usage.title')}
        exportName={`coupon-usages-${couponCode}`}
        getRowId={(usage) => usage.uid}
      />
    </section>
  );
}

/**
 * coupon/{code}/show: the coupon, its copyable sign-up link, its discounted prices and bonus quotas
 * (added only before it starts) and its usages. An unknown code shows 'Cannot find coupon code'.
 */
export function CouponShow({ couponCode }: { couponCode: string }) {
  const { t } = useTranslation('console-coupons');
  const coupon = useCoupon(couponCode);
  const [openedAt] = useState(() => Date.now());
  const shown = coupon.data;
  const started = shown ? Date.parse(shown.startedAt) <= openedAt : false;
  return (
    <>
      <PageTitle title={t('show', { code: couponCode })}>
        <Link to="/admin/coupon/$code/edit" params={{ code: couponCode }} className="console-button">
          {t('console-shell:action.edit')}
        </Link>
      </PageTitle>
      {coupon.isError ? (
        <p role="alert" className="console-error">
          {t('not_found')}
        </p>
      ) : null}
      {shown ? (
        <>
          <CouponDetails coupon={shown} />
          {started ? <p className="console-hint">{t('started_hint')}</p> : null}
          <CouponDiscounts couponCode={couponCode} started={started} />
          <CouponBonusQuotas couponCode={couponCode} started={started} />
          <CouponUsages couponCode={couponCode} />
        </>
      ) : null}
    </>
  );
}
