import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPaymentFilter } from '../../../../../shared/api/admin-payments.ts';
import { toE164 } from '../../../../../shared/orders/contact.ts';
import { kstDayRange, kstToday } from '../../../../../shared/time/kst.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { usePaymentSearch } from '../api/money-api.ts';
import { usePaymentColumns } from './MoneySections.tsx';

const TEXT_FILTERS = ['uid', 'name', 'email', 'cid'] as const;

/**
 * userPayment (payment search): uid, payer name, e-mail, phone (country code plus number) and client
 * id, an optional paid-at range of KST days (the end day included), and partial matching. Without an
 * identifying filter the server answers no rows, and the screen says why.
 */
export function PaymentSearch() {
  const { t } = useTranslation('console-payments');
  const [filter, setFilter] = useState<UserPaymentFilter>();
  const [rangeError, setRangeError] = useState<string>();
  const search = usePaymentSearch(filter);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const next: UserPaymentFilter = { partial: data.get('partial') === 'on' };
    for (const name of TEXT_FILTERS) if (text(name)) next[name] = text(name);
    if (text('phone')) next.phone = toE164(text('callingCode') || '82', text('phone'));
    if (text('from') || text('to')) {
      try {
        // An open end is today; an open start the first day payments could have been taken.
        const { fromMs, toMs } = kstDayRange(text('from') || '2000-01-01', text('to') || kstToday());
        Object.assign(next, { from: fromMs, to: toMs });
      } catch (error) {
        setRangeError((error as Error).message);
        return;
      }
    }
    setRangeError(undefined);
    setFilter(next);
  };
  const identified = filter && (filter.uid || filter.name || filter.email || filter.cid || filter.phone);
  return (
    <>
      <form className="console-form console-card console-filters" onSubmit={submit} noValidate>
        {TEXT_FILTERS.map((name) => (
          <label key={name} className="console-field">
            {t(`search.${name}`)}
            <input name={name} />
          </label>
        ))}
        <label className="console-field">
          {t('contact.calling_code')}
          <input name="callingCode" defaultValue="82" inputMode="numeric" />
        </label>
        <label className="console-field">
          {t('search.phone')}
          <input name="phone" inputMode="tel" />
        </label>
        <label className="console-field">
          {t('search.from')}
          <KstDateInput kind="date" name="from" />
        </label>
        <label className="console-field">
          {t('search.to')}
          <KstDateInput kind="date" name="to" />
        </label>
        <label>
          <input name="partial" type="checkbox" /> {t('search.partial')}
        </label>
        <div className="console-actions">
          <button type="submit" className="console-button">
            {t('search.submit')}
          </button>
        </div>
      </form>
      {rangeError ? <p className="field-error">{t(rangeError)}</p> : null}
      {filter && !identified ? <p>{t('search.needs_filter')}</p> : null}
      {search.data?.truncated ? <p>{t('search.truncated')}</p> : null}
      <ErrorNote error={search.error} />
      <section className="console-card">
        <DataTable
          data={search.data?.users ?? []}
          columns={usePaymentColumns()}
          caption={t('search.title')}
        />
      </section>
    </>
  );
}
