import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import type { PlanPeriod, PlanType } from '../../../../../shared/plans/plan-types.ts';
import { periodsOffered, planForChoice } from '../../../../../shared/plans/plans-offered.ts';
import { planTypeLabel } from '../../../lib/plan-names.ts';
import { Dropdown } from './Dropdown.tsx';

/**
 * The plan selection form (section 2): 'select plan type' and 'select payment term'. Opening one
 * closes the other; a click outside closes the open one. A single plan type is shown as plain text
 * (a CUSTOM plan as Business: the partner's own business plan). Choosing asks the server to recompute
 * the session; the dropdown closes once the new session is there.
 */
export function PlanSelectionForm({
  sessionInfo,
  busy,
  onChoose,
}: {
  sessionInfo: SessionInfo;
  busy: boolean;
  onChoose: (planName: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('order');
  const [open, setOpen] = useState<'type' | 'period' | undefined>();
  const form = useRef<HTMLDivElement>(null);
  const plan = sessionInfo.planPriceInfo;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!form.current?.contains(event.target as Node)) setOpen(undefined);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const choose = async (planName: string | undefined) => {
    if (!planName || planName === plan.name) return setOpen(undefined);
    await onChoose(planName).catch(() => undefined);
    setOpen(undefined);
  };
  const typeLabel = (type: PlanType) => planTypeLabel(t, type);
  const types = sessionInfo.planTypesOffered;
  const periods = periodsOffered(sessionInfo.planPriceInfos, plan.planType);

  return (
    <div ref={form} className="order-plan-form">
      {types.length === 1 ? (
        <div className="order-dropdown">
          <span className="order-dropdown-label">{t('plan_form.plan_type')}</span>
          <p className="order-plain-choice">{typeLabel(types[0] as PlanType)}</p>
        </div>
      ) : (
        <Dropdown
          label={t('plan_form.plan_type')}
          value={plan.planType}
          options={types.map((type) => ({ value: type, label: typeLabel(type) }))}
          open={open === 'type'}
          onOpenChange={(next) => setOpen(next ? 'type' : undefined)}
          disabled={busy}
          onSelect={(planType) =>
            void choose(
              planForChoice(sessionInfo.planPriceInfos, {
                planType,
                period: plan.period,
                isSubscription: plan.isSubscription,
              })?.name,
            )
          }
        >
          {sessionInfo.planUpgradeData ? (
            // An upgrade has no account type to choose: it offers what the current plan can become.
            <p className="order-helper">{t('plan_form.upgrade_targets_note')}</p>
          ) : sessionInfo.accountType !== 'business' && !sessionInfo.isCustom ? (
            <p className="order-helper">{t('plan_form.business_only_note')}</p>
          ) : null}
        </Dropdown>
      )}
      <Dropdown
        label={t('plan_form.payment_term')}
        value={plan.period}
        options={periods.map((period: PlanPeriod) => ({
          value: period,
          label: t(`common:plan_period.${period}`),
        }))}
        open={open === 'period'}
        onOpenChange={(next) => setOpen(next ? 'period' : undefined)}
        disabled={busy}
        onSelect={(period) =>
          void choose(
            sessionInfo.planPriceInfos.find(
              (candidate) => candidate.planType === plan.planType && candidate.period === period,
            )?.name,
          )
        }
      >
        <p className="order-helper order-warning">{t('plan_form.upgrade_warning')}</p>
      </Dropdown>
    </div>
  );
}
