import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanPriceInfo } from '../../../../../shared/plans/plan-types.ts';
import { RowEditActions } from '../../../components/console/RowEditActions.tsx';
import { SelectField } from '../../../components/console/SelectField.tsx';
import { notify } from '../../../components/console/toast.ts';
import type { useRowEditing } from '../../../components/console/use-row-editing.ts';
import { usePaymentPlanInfo } from '../../plans/index.ts';

/**
 * What the coupon's discount and bonus-quota rows share: the plan choices of the built-in catalogue,
 * a row's Edit/Delete (or Save/Cancel) buttons, and the add form (hidden by the caller once started).
 */
export function useCouponPlans(filter: (plan: PlanPriceInfo) => boolean, taken: readonly string[]) {
  const info = usePaymentPlanInfo({});
  const plans = (info.data?.planPriceInfos ?? [])
    .filter((plan) => filter(plan) && !taken.includes(plan.name))
    .map((plan) => plan.name)
    .sort();
  return { plans, usages: info.data?.planUsageInfos ?? [], prices: info.data?.planPriceInfos ?? [] };
}

export function PlanRowActions<Draft>({
  planName,
  editing,
  draftOf,
  onSave,
  onDelete,
}: {
  planName: string;
  editing: ReturnType<typeof useRowEditing<Draft>>;
  /** The row's values as the edit starts. */
  draftOf: () => Draft;
  onSave: (draft: Draft | undefined) => void;
  onDelete: () => void;
}) {
  return (
    <RowEditActions
      name={planName}
      editing={editing.isEditing(planName)}
      anotherEditing={editing.editingId !== undefined && !editing.isEditing(planName)}
      onEdit={() => editing.start(planName, draftOf())}
      onCancel={editing.cancel}
      onSave={() => onSave(editing.draft)}
      onDelete={onDelete}
    />
  );
}

export function AddPlanRowForm({
  planLabel,
  plans,
  planName,
  onPlanName,
  submitLabel,
  busy,
  onAdd,
  children,
}: {
  planLabel: string;
  plans: readonly string[];
  planName: string;
  onPlanName: (planName: string) => void;
  submitLabel: string;
  busy: boolean;
  onAdd: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console-coupons');
  return (
    <form
      className="console-filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (!planName) return notify.failure(t('validation.plan'));
        onAdd();
      }}
    >
      <SelectField
        label={planLabel}
        value={planName}
        choices={plans}
        onChange={onPlanName}
        emptyLabel={t('choose')}
      />
      {children}
      <button type="submit" className="console-button" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
