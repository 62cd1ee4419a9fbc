import { type CellContext, createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDiscountPlan } from '../../../../../shared/coupons/coupon-rules.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { labelled } from '../../../components/console/list/list-columns.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useDeleteAction } from '../../../components/console/use-delete-action.ts';
import { useRowEditing } from '../../../components/console/use-row-editing.ts';
import { planNameLabel } from '../../../lib/labels/labels.ts';
import {
  type ShownDiscount,
  useCouponDiscounts,
  useCouponRowEdits,
  useCouponWrites,
} from '../api/coupons.ts';
import { AddPlanRowForm, PlanRowActions, useCouponPlans } from './coupon-plans.tsx';

const column = createColumnHelper<ShownDiscount>();

/** A rate is a percentage over 0 and at most 100 (the server computes the three prices from it). */
function rateOf(text: string): number | undefined {
  const rate = Number(text);
  return text.trim() !== '' && rate > 0 && rate <= 100 ? rate : undefined;
}

/**
 * The coupon's discounted prices (sections 2, 3 and 9): one row per LIGHT or STANDARD monthly, annual
 * or one-year plan with its rate and the three prices; a rate is edited in its row. The add form is
 * hidden once the coupon has started.
 */
export function CouponDiscounts({ couponCode, started }: { couponCode: string; started: boolean }) {
  const { t } = useTranslation('console-coupons');
  const discounts = useCouponDiscounts(couponCode);
  const writes = useCouponWrites();
  const edits = useCouponRowEdits(couponCode);
  const editing = useRowEditing<string>();
  const rows = discounts.data ?? [];
  const { plans } = useCouponPlans(
    isDiscountPlan,
    rows.map((row) => row.planName),
  );
  const [planName, setPlanName] = useState('');
  const [rate, setRate] = useState('');
  const remove = useDeleteAction((name) => writes.deleteDiscount.mutateAsync({ couponCode, planName: name }));

  const saveRate = async (name: string, text: string, create: boolean) => {
    const checked = rateOf(text);
    if (checked === undefined) return notify.failure(t('validation.rate'));
    if (!create) {
      editing.cancel();
      return edits.rate(name, checked);
    }
    try {
      await writes.createDiscount.mutateAsync({ couponCode, planName: name, rate: checked });
      notify.success(t('console-shell:toast.saved'));
      setPlanName('');
      setRate('');
    } catch (error) {
      notify.failure(t('console-shell:toast.save_failed'), error);
    }
  };
  // A price waiting for the server's answer to a rate edit is shown as being recomputed.
  const priceCell = (info: CellContext<ShownDiscount, number>) =>
    info.row.original.pricesPending ? t('discount.recomputing') : info.getValue();
  const columns = [
    column.accessor('planName', {
      header: () => t('field.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('rate', {
      header: () => t('field.rate'),
      cell: (info) =>
        editing.isEditing(info.row.original.planName) ? (
          <input
            className="console-inline-input"
            type="number"
            aria-label={`${t('field.rate')} ${info.row.original.planName}`}
            value={editing.draft ?? ''}
            onChange={(event) => editing.change(event.target.value)}
          />
        ) : (
          `${info.getValue()}%`
        ),
    }),
    column.accessor('priceKo', { header: () => t('field.price_ko'), cell: priceCell }),
    column.accessor('priceJa', { header: () => t('field.price_ja'), cell: priceCell }),
    column.accessor('priceEn', { header: () => t('field.price_en'), cell: priceCell }),
    column.display({
      id: 'actions',
      header: () => t('field.actions'),
      cell: (info) => {
        const row = info.row.original;
        return (
          <PlanRowActions
            planName={row.planName}
            editing={editing}
            draftOf={() => String(row.rate)}
            onSave={(draft) => saveRate(row.planName, draft ?? '', false)}
            onDelete={() => remove(row.planName)}
          />
        );
      },
    }),
  ];
  return (
    <section className="console-card" aria-labelledby="coupon-discounts">
      <h2 id="coupon-discounts">{t('discount.title')}</h2>
      <ErrorNote error={discounts.error} />
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(row) => row.planName}
        caption={t('discount.title')}
      />
      {started ? null : (
        <AddPlanRowForm
          planLabel={t('discount.plan')}
          plans={plans}
          planName={planName}
          onPlanName={setPlanName}
          submitLabel={t('discount.add')}
          busy={writes.createDiscount.isPending}
          onAdd={() => saveRate(planName, rate, true)}
        >
          <div className="console-field">
            <label htmlFor="coupon-discount-rate">{t('discount.rate')}</label>
            <input
              id="coupon-discount-rate"
              type="number"
              min={0}
              max={100}
              value={rate}
              onChange={(event) => setRate(event.target.value)}
            />
          </div>
        </AddPlanRowForm>
      )}
    </section>
  );
}
