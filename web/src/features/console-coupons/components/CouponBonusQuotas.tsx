import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { AdminCouponBonusQuotaSchema } from '../../../../../shared/api/coupons.ts';
import {
  BONUS_QUOTA_FEATURES,
  type BonusQuota,
  type BonusQuotaFeature,
  calculatedBonusQuota,
  isBonusQuotaPlan,
} from '../../../../../shared/coupons/coupon-rules.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { labelled } from '../../../components/console/list/list-columns.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useDeleteAction } from '../../../components/console/use-delete-action.ts';
import { useRowEditing } from '../../../components/console/use-row-editing.ts';
import { planNameLabel } from '../../../lib/labels/labels.ts';
import { useCouponBonusQuotas, useCouponRowEdits, useCouponWrites } from '../api/coupons.ts';
import { AddPlanRowForm, PlanRowActions, useCouponPlans } from './coupon-plans.tsx';

type BonusRow = z.infer<typeof AdminCouponBonusQuotaSchema>;
/** The quota as the form shows it: STT in minutes (stored in seconds), the rest as stored. */
type QuotaTexts = Record<BonusQuotaFeature, string>;
const column = createColumnHelper<BonusRow>();

function toTexts(quota: BonusQuota | undefined): QuotaTexts {
  const shown = (feature: BonusQuotaFeature) => {
    const value = quota?.[feature];
    if (value === undefined) return '';
    return String(feature === 'STT' ? value / 60 : value);
  };
  return { STT: shown('STT'), TTS: shown('TTS'), TRANSLATE: shown('TRANSLATE'), GENIMAGE: shown('GENIMAGE') };
}

/** The stored quota of the form's texts; undefined when one is not a whole number of at least 0. */
function toQuota(texts: QuotaTexts): BonusQuota | undefined {
  const quota: BonusQuota = {};
  for (const feature of BONUS_QUOTA_FEATURES) {
    const text = texts[feature].trim();
    if (text === '') continue;
    const value = Number(text) * (feature === 'STT' ? 60 : 1);
    if (!Number.isInteger(value) || value < 0) return undefined;
    quota[feature] = value;
  }
  return quota;
}

function QuotaInputs({
  texts,
  onChange,
  label,
}: {
  texts: QuotaTexts;
  onChange: (texts: QuotaTexts) => void;
  label: string;
}) {
  const { t } = useTranslation('console-coupons');
  return (
    <>
      {BONUS_QUOTA_FEATURES.map((feature) => (
        <input
          key={feature}
          className="console-inline-input"
          type="number"
          min={0}
          aria-label={`${t(`feature.${feature}`)} ${label}`}
          value={texts[feature]}
          onChange={(event) => onChange({ ...texts, [feature]: event.target.value })}
        />
      ))}
    </>
  );
}

/**
 * The coupon's bonus quotas (sections 3, 5 and 9): one row per LIGHT or STANDARD monthly or annual plan
 * with its extra STT (minutes here, seconds stored), TTS, translation and image credits. Choosing a plan
 * to add fills in the plan type's share of its usage (Light 50 %, Standard 20 %), which the operator may
 * change. The add form is hidden once the coupon has started.
 */
export function CouponBonusQuotas({ couponCode, started }: { couponCode: string; started: boolean }) {
  const { t } = useTranslation('console-coupons');
  const quotas = useCouponBonusQuotas(couponCode);
  const writes = useCouponWrites();
  const edits = useCouponRowEdits(couponCode);
  const editing = useRowEditing<QuotaTexts>();
  const rows = quotas.data ?? [];
  const { plans, usages, prices } = useCouponPlans(
    isBonusQuotaPlan,
    rows.map((row) => row.planName),
  );
  const [planName, setPlanName] = useState('');
  const [texts, setTexts] = useState<QuotaTexts>(toTexts(undefined));
  const remove = useDeleteAction((name) =>
    writes.deleteBonusQuota.mutateAsync({ couponCode, planName: name }),
  );

  const choosePlan = (name: string) => {
    setPlanName(name);
    const planType = prices.find((plan) => plan.name === name)?.planType;
    const usage = usages.find((candidate) => candidate.planType === planType);
    setTexts(toTexts(usage && calculatedBonusQuota(usage)));
  };
  const save = async (name: string, quotaTexts: QuotaTexts, add: boolean) => {
    const quota = toQuota(quotaTexts);
    if (!quota) return notify.failure(t('validation.quota'));
    if (!add) {
      editing.cancel();
      return edits.bonusQuota(name, quota);
    }
    try {
      await writes.upsertBonusQuota.mutateAsync({ couponCode, planName: name, quota });
      notify.success(t('console-shell:toast.saved'));
      setPlanName('');
      setTexts(toTexts(undefined));
    } catch (error) {
      notify.failure(t('console-shell:toast.save_failed'), error);
    }
  };
  const featureColumn = (feature: BonusQuotaFeature) =>
    column.accessor((row) => toTexts(row.quota)[feature], {
      id: feature,
      header: () => t(`feature.${feature}`),
      cell: (info) =>
        editing.isEditing(info.row.original.planName) && editing.draft ? (
          <input
            className="console-inline-input"
            type="number"
            min={0}
            aria-label={`${t(`feature.${feature}`)} ${info.row.original.planName}`}
            value={editing.draft[feature]}
            onChange={(event) =>
              editing.change({ ...(editing.draft as QuotaTexts), [feature]: event.target.value })
            }
          />
        ) : (
          info.getValue()
        ),
    });
  const columns = [
    column.accessor('planName', {
      header: () => t('field.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    ...BONUS_QUOTA_FEATURES.map(featureColumn),
    column.display({
      id: 'actions',
      header: () => t('field.actions'),
      cell: (info) => {
        const row = info.row.original;
        return (
          <PlanRowActions
            planName={row.planName}
            editing={editing}
            draftOf={() => toTexts(row.quota)}
            onSave={(draft) => save(row.planName, draft ?? toTexts(undefined), false)}
            onDelete={() => remove(row.planName)}
          />
        );
      },
    }),
  ];
  return (
    <section className="console-card" aria-labelledby="coupon-bonus-quotas">
      <h2 id="coupon-bonus-quotas">{t('bonus.title')}</h2>
      <ErrorNote error={quotas.error} />
      <DataTable data={rows} columns={columns} getRowId={(row) => row.planName} caption={t('bonus.title')} />
      {started ? null : (
        <AddPlanRowForm
          planLabel={t('bonus.plan')}
          plans={plans}
          planName={planName}
          onPlanName={choosePlan}
          submitLabel={t('bonus.add')}
          busy={writes.upsertBonusQuota.isPending}
          onAdd={() => save(planName, texts, true)}
        >
          <QuotaInputs texts={texts} onChange={setTexts} label={t('bonus.new')} />
        </AddPlanRowForm>
      )}
    </section>
  );
}
