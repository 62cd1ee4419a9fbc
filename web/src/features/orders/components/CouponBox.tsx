import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { CouponRefusalInfo, SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { ConfirmDialog } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { planNameLabel } from '../../../lib/plan-names.ts';
import { clientCodeOf, clientErrorText, paymentTime } from '../../checkout/index.ts';
import { fetchCouponCheck } from '../api/check-valid-coupon.ts';
import { useRegisterCoupon } from '../api/register-payment-session-coupon.ts';
import { useRemoveCoupon } from '../api/remove-payment-session-coupon.ts';

/**
 * The coupon box (section 4): apply is disabled while the input is empty, a coupon is applied, or a
 * check is running. A coupon not valid for the plan asks 'coupon not available for plan': declining
 * drops it, accepting switches to the coupon's alphabetically first plan. Refusals show under the
 * input (an expired coupon with its dates, an invalid plan with the valid plans). The field blinks
 * for 2 s when the pay check finds a coupon typed but not applied.
 */
export function CouponBox({
  sessionInfo,
  language,
  typed,
  onTyped,
  blinking,
  problem,
}: {
  sessionInfo: SessionInfo;
  language: SiteLanguage;
  typed: string;
  onTyped: (text: string) => void;
  blinking: boolean;
  /** The pay check's problem (a code typed and not applied), shown where a refusal is. */
  problem?: string | undefined;
}) {
  const { t } = useTranslation('order');
  const { guid, isTest, couponInfo: applied } = sessionInfo;
  const register = useRegisterCoupon(guid, isTest);
  const remove = useRemoveCoupon(guid, isTest);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
  const [prompt, setPrompt] = useState<{ code: string; planName: string }>();
  const busy = checking || register.isPending || remove.isPending;
  // A refusal of the code just tried says more than the reminder to apply it.
  const shown = error ?? problem;

  function refusalText(refusal: CouponRefusalInfo): string {
    const window = {
      from: refusal.startedAt ? paymentTime(refusal.startedAt, language) : '',
      to: refusal.expiredAt ? paymentTime(refusal.expiredAt, language) : '',
    };
    if (refusal.reason === 'invalid_plan') {
      const plans = (refusal.validPlans ?? []).map((name) =>
        planNameLabel(t, sessionInfo.planPriceInfos, name),
      );
      return plans.length
        ? t('coupon.invalid_plan', { plans: plans.join(', ') })
        : t('coupon.no_plan_offered');
    }
    return t(`coupon.refusal_${refusal.reason}`, window);
  }

  function problemText(error: unknown): string {
    const refusal =
      error instanceof ApiError ? (error.details.coupon as CouponRefusalInfo | undefined) : undefined;
    return refusal ? refusalText(refusal) : clientErrorText(t, clientCodeOf(error));
  }

  async function apply(code: string, planName: string) {
    await register.mutateAsync({ code, planName });
    onTyped('');
  }

  async function check() {
    const code = typed.trim();
    setError(undefined);
    setChecking(true);
    try {
      await fetchCouponCheck({ guid, couponCode: code, planName: sessionInfo.planPriceInfo.name });
      await apply(code, sessionInfo.planPriceInfo.name);
    } catch (problem) {
      const refusal =
        problem instanceof ApiError ? (problem.details.coupon as CouponRefusalInfo | undefined) : undefined;
      const firstPlan = refusal?.reason === 'invalid_plan' ? refusal.validPlans?.[0] : undefined;
      if (firstPlan) setPrompt({ code, planName: firstPlan });
      else setError(problemText(problem));
    } finally {
      setChecking(false);
    }
  }

  async function answerPrompt(accepted: boolean) {
    const pending = prompt;
    setPrompt(undefined);
    if (!pending) return;
    if (!accepted) return onTyped('');
    await apply(pending.code, pending.planName).catch((problem: unknown) => setError(problemText(problem)));
  }

  return (
    <section id="order-coupon" className="order-section order-coupon" aria-labelledby="order-coupon-title">
      <h2 id="order-coupon-title">{t('coupon.title')}</h2>
      {applied ? (
        <div className="order-coupon-applied" role="status">
          <p>
            <strong>{applied.coupon.name}</strong> <code>{applied.coupon.couponCode}</code>
          </p>
          <p className="order-helper">
            {t('coupon.valid_period', {
              from: paymentTime(applied.coupon.startedAt, language),
              to: paymentTime(applied.coupon.expiredAt, language),
            })}
          </p>
          {sessionInfo.bonusQuota ? <p className="order-helper">{t('coupon.bonus_applied')}</p> : null}
          <button type="button" className="button-link" disabled={busy} onClick={() => remove.mutate({})}>
            {t('coupon.remove')}
          </button>
        </div>
      ) : (
        <div className="order-coupon-row">
          <input
            id="order-coupon-input"
            className={blinking ? 'order-blink' : undefined}
            aria-label={t('coupon.input_label')}
            aria-invalid={Boolean(shown)}
            aria-describedby={shown ? 'order-coupon-error' : undefined}
            placeholder={t('coupon.placeholder')}
            value={typed}
            autoComplete="off"
            onChange={(event) => {
              setError(undefined);
              onTyped(event.target.value);
            }}
          />
          <button
            type="button"
            className="button"
            disabled={!typed.trim() || Boolean(applied) || busy}
            aria-busy={busy}
            onClick={() => void check()}
          >
            {t('coupon.apply')}
          </button>
        </div>
      )}
      {shown ? (
        <p id="order-coupon-error" className="field-error" role={error ? 'alert' : undefined}>
          {shown}
        </p>
      ) : null}
      <ConfirmDialog
        message={
          prompt
            ? t('coupon.not_available_prompt', {
                plan: planNameLabel(t, sessionInfo.planPriceInfos, prompt.planName),
              })
            : undefined
        }
        title={t('coupon.title')}
        confirmLabel={t('coupon.switch_plan')}
        cancelLabel={t('common_actions.cancel')}
        onAnswer={(accepted) => void answerPrompt(accepted)}
      />
    </section>
  );
}
