import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanChangeOption, PlanChangeView } from '../../../../../shared/api/plan-change.ts';
import { formatPrice } from '../../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PAYMENT_TIME_ZONE } from '../../../../../shared/payments/constants.ts';
import { Modal } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import { clientCodeOf, clientErrorText } from '../../checkout/index.ts';
import { useChoosePlanChange, usePlanChange } from '../api/plan-change.ts';
import '../plan-change.css';

const day = (ms: number, lang: SiteLanguage) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: PAYMENT_TIME_ZONE }).format(new Date(ms));

/** A refusal says why in the page's language; any other failure is the catalogue's text. */
function failureText(t: TFunction, error: unknown): string {
  const reason = error instanceof ApiError ? error.details.reason : undefined;
  if (typeof reason === 'string') return t(`refusal.${reason}`);
  return clientErrorText(t, clientCodeOf(error));
}

/** An amount or a date: read whole, never broken across lines. */
const Whole = ({ children }: { children: string }) => <span className="plan-change-nowrap">{children}</span>;

/**
 * The billing page's change of plan at the next renewal (issue 33): the change scheduled (its plan, the
 * date, what the renewal will charge, a way to cancel it until then), and the plans the subscription may
 * renew into, each with what the renewal would charge as the price table has it (the partner's rate
 * shown where it applies), chosen and confirmed in a dialog that says what happens and when. A fixed-term
 * pass has no renewal: the section is not shown.
 */
export function PlanChangeSection({ token, lang }: { token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('plan-change');
  const view = usePlanChange(token);
  const choose = useChoosePlanChange(token);
  const change = view.data;
  if (!change || change.refusal === 'fixed-term') return null;
  const { scheduled } = change;
  return (
    <section className="billing-section" aria-labelledby="plan-change-title" aria-busy={view.isFetching}>
      <h2 id="plan-change-title">{t('title')}</h2>
      {scheduled ? (
        <div className="plan-change-scheduled" data-testid="plan-change-scheduled">
          <dl className="billing-facts">
            <dt>{t('scheduled.plan')}</dt>
            <dd>{planLabel(t, scheduled)}</dd>
            <dt>{t('scheduled.on')}</dt>
            <dd>
              <Whole>{day(change.renewsAt, lang)}</Whole>
            </dd>
            <dt>{t('scheduled.amount')}</dt>
            <dd>
              <Whole>{formatPrice(scheduled.amount, change.currency)}</Whole>
            </dd>
          </dl>
          {scheduled.scheduledBy === 'operator' ? <p>{t('scheduled.by_operator')}</p> : null}
          {scheduled.raises ? <p>{t('scheduled.raises')}</p> : null}
          {scheduled.open ? (
            <button
              type="button"
              className="button button-outline"
              disabled={choose.isPending}
              onClick={() => choose.mutate('cancel')}
            >
              {t('cancel')}
            </button>
          ) : (
            <p>{t('scheduled.closed')}</p>
          )}
        </div>
      ) : null}
      {change.refusal ? (
        <p>{t(`refusal.${change.refusal}`)}</p>
      ) : (
        <ChangeForm change={change} lang={lang} choose={choose} />
      )}
      {change.couponCode ? <p className="billing-note">{t('coupon', { code: change.couponCode })}</p> : null}
      {choose.error ? <p role="alert">{failureText(t, choose.error)}</p> : null}
    </section>
  );
}

function ChangeForm({
  change,
  lang,
  choose,
}: {
  change: PlanChangeView;
  lang: SiteLanguage;
  choose: ReturnType<typeof useChoosePlanChange>;
}) {
  const { t } = useTranslation('plan-change');
  const legendId = useId();
  const [picked, setPicked] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const choices = change.options.filter((option) => option.refusal !== 'higher-plan');
  const higher = change.options.some((option) => option.refusal === 'higher-plan');
  const chosen = choices.find((option) => option.planName === picked && !option.refusal);
  const schedule = () =>
    chosen && choose.mutate({ planName: chosen.planName }, { onSettled: () => setConfirming(false) });
  return (
    <>
      {choices.length ? (
        <fieldset className="plan-change-options" aria-describedby={legendId}>
          <legend>{change.scheduled ? t('choose_other') : t('choose')}</legend>
          <p id={legendId} className="billing-note">
            {t('how')}
          </p>
          {choices.map((option) => (
            <label key={option.planName} className="plan-change-option">
              <input
                type="radio"
                name="plan-change"
                value={option.planName}
                disabled={Boolean(option.refusal) || option.planName === change.scheduled?.planName}
                checked={picked === option.planName}
                onChange={() => setPicked(option.planName)}
              />
              <span>{planLabel(t, option)}</span>
              <OptionDetails option={option} currency={change.currency} />
            </label>
          ))}
        </fieldset>
      ) : (
        <p>{t('none')}</p>
      )}
      {higher ? <p className="billing-note">{t('higher')}</p> : null}
      <div className="plan-change-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!chosen || choose.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('review')}
        </button>
      </div>
      {chosen ? (
        <Modal open={confirming} onClose={() => setConfirming(false)} labelledBy="plan-change-confirm-title">
          <h2 id="plan-change-confirm-title">{t('confirm.title')}</h2>
          <dl className="billing-facts">
            <dt>{t('confirm.now')}</dt>
            <dd>{planLabel(t, change)}</dd>
            <dt>{t('scheduled.plan')}</dt>
            <dd>{planLabel(t, chosen)}</dd>
            <dt>{t('scheduled.on')}</dt>
            <dd>
              <Whole>{day(change.renewsAt, lang)}</Whole>
            </dd>
            <dt>{t('scheduled.amount')}</dt>
            <dd>
              <Whole>{formatPrice(chosen.amount ?? 0, change.currency)}</Whole>
            </dd>
            <dt>{t('confirm.last_charge')}</dt>
            <dd>
              <Whole>{formatPrice(change.lastCharge, change.currency)}</Whole>
            </dd>
          </dl>
          <p>{t('confirm.text')}</p>
          {chosen.raises ? <p>{t('confirm.raises')}</p> : null}
          <div className="modal-actions">
            <button type="button" className="button button-outline" onClick={() => setConfirming(false)}>
              {t('confirm.keep')}
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={choose.isPending}
              onClick={schedule}
            >
              {t('confirm.schedule')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/** What the renewal would charge for a plan, and how the price table's price came to it. */
function OptionDetails({
  option,
  currency,
}: {
  option: PlanChangeOption;
  currency: PlanChangeView['currency'];
}) {
  const { t } = useTranslation('plan-change');
  if (option.refusal || option.amount === undefined)
    return (
      <span className="plan-change-option-details">{t(`refusal.${option.refusal ?? 'cannot-renew'}`)}</span>
    );
  return (
    <span className="plan-change-option-details">
      <Whole>{formatPrice(option.amount, currency)}</Whole> {t('option.per_renewal')}
      {option.partnerPercent && option.listPrice !== undefined ? (
        <>
          {' · '}
          {t('option.partner', { percent: option.partnerPercent })}{' '}
          <s>
            <Whole>{formatPrice(option.listPrice, currency)}</Whole>
          </s>
        </>
      ) : null}
      {option.raises ? (
        <>
          {' · '}
          {t('option.raises')}
        </>
      ) : null}
    </span>
  );
}
