import { useTranslation } from 'react-i18next';
import type { UserPaymentFilter } from '../../../../../shared/api/payments.ts';
import { toE164 } from '../../../../../shared/orders/contact.ts';
import { kstDayRange, kstToday } from '../../../../../shared/time/kst.ts';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { usePaymentSearch } from '../api/money-api.ts';
import { usePaymentColumns } from './MoneySections.tsx';

const TEXT_FILTERS = ['uid', 'name', 'email', 'cid'] as const;

/** The search as the address keeps it: what the operator typed (KST days, the phone's two parts). */
export type PaymentSearchFilters = {
  uid?: string;
  name?: string;
  email?: string;
  cid?: string;
  callingCode?: string;
  phone?: string;
  from?: string;
  to?: string;
};

/** The route's filter from the fields, or why the date range cannot be one. */
function routeFilter(fields: PaymentSearchFilters): { filter: UserPaymentFilter } | { rangeError: string } {
  const filter: UserPaymentFilter = {};
  for (const name of TEXT_FILTERS) if (fields[name]?.trim()) filter[name] = fields[name].trim();
  if (fields.phone?.trim()) filter.phone = toE164(fields.callingCode?.trim() || '82', fields.phone.trim());
  if (fields.from || fields.to) {
    try {
      // An open end is today; an open start the first day payments could have been taken.
      const { fromMs, toMs } = kstDayRange(fields.from || '2000-01-01', fields.to || kstToday());
      Object.assign(filter, { from: fromMs, to: toMs });
    } catch (error) {
      return { rangeError: (error as Error).message };
    }
  }
  return { filter };
}

/**
 * userPayment (payment search): uid, payer name, e-mail, phone (country code plus number) and client
 * id, an optional paid-at range of KST days (the end day included). The filters apply as they are
 * typed and live in the address; a name or an address without a full match is matched as a prefix.
 * Without an identifying filter the server answers no rows, and the screen says why. The payments
 * come a page at a time and export to CSV.
 */
export function PaymentSearch({
  fields,
  onFields,
}: {
  fields: PaymentSearchFilters;
  onFields: (fields: PaymentSearchFilters) => void;
}) {
  const { t } = useTranslation('console-payments');
  const filters = useListFilters(fields, onFields);
  const asked = routeFilter(fields);
  const filter = 'filter' in asked ? asked.filter : {};
  const identified = Boolean(filter.uid || filter.name || filter.email || filter.cid || filter.phone);
  const search = usePaymentSearch(filter, identified && 'filter' in asked);
  const columns = usePaymentColumns();
  return (
    <>
      <form className="console-form console-card console-filters" noValidate>
        {TEXT_FILTERS.map((name) => (
          <FilterField key={name} filters={filters} name={name} label={t(`search.${name}`)} />
        ))}
        <FilterField
          filters={filters}
          name="callingCode"
          label={t('contact.calling_code')}
          inputMode="numeric"
          placeholder="82"
        />
        <FilterField filters={filters} name="phone" label={t('search.phone')} inputMode="tel" />
        <FilterField filters={filters} name="from" label={t('search.from')} type="date" />
        <FilterField filters={filters} name="to" label={t('search.to')} type="date" />
      </form>
      {'rangeError' in asked ? (
        <p className="field-error" role="alert">
          {t(asked.rangeError)}
        </p>
      ) : null}
      {identified ? null : <p>{t('search.needs_filter')}</p>}
      {search.firstPage?.partial ? (
        <p className="console-hint" role="status">
          {t('console-lists:filter.partial')}
        </p>
      ) : null}
      {identified ? (
        <section className="console-card">
          <ListTable
            list={search}
            columns={columns}
            caption={t('search.title')}
            exportName="payments"
            getRowId={(row) => row.merchantUid}
          />
        </section>
      ) : null}
    </>
  );
}
