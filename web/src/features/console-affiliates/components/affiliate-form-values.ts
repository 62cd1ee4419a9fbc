import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type AffiliateForm,
  affiliateRule,
  defaultAffiliatePeriod,
} from '../../../../../shared/affiliates/affiliate.ts';
import type { AffiliateView } from '../../../../../shared/api/affiliates.ts';
import { formatKst, KST_DATE, parseKstDate } from '../../../../../shared/time/kst.ts';

/**
 * The affiliate form: the period as KST days (the start day from 00:00, the end day to 23:59:59.999;
 * a day left as it was keeps the stored instant), the rest as the call takes it. It is checked with
 * the shared rule, whose issues land on the form's fields.
 */
const DAY_MS = 86_400_000;
const INVALID_DATE = 'console-affiliates:validation.date';

export type AffiliateFormValues = Omit<AffiliateForm, 'startedAt' | 'expiredAt'> & {
  startDate: string;
  endDate: string;
};

export function newAffiliateForm(nowMs: number): AffiliateFormValues {
  const { startedAt, expiredAt } = defaultAffiliatePeriod(nowMs);
  return {
    name: '',
    countryCode: 'KR',
    couponCode: '',
    couponType: 'discount',
    startDate: formatKst(startedAt, KST_DATE),
    endDate: formatKst(expiredAt, KST_DATE),
    hasSignUpReward: false,
    signUpRewardAmount: 0,
    hasPaymentShare: false,
    paymentSharePercentage: 0,
  };
}

export function affiliateToForm(affiliate: AffiliateView): AffiliateFormValues {
  const { startedAt, expiredAt, created: _created, updated: _updated, ...terms } = affiliate;
  return { ...terms, startDate: formatKst(startedAt, KST_DATE), endDate: formatKst(expiredAt, KST_DATE) };
}

function dayStart(text: string): number {
  try {
    return parseKstDate(text);
  } catch {
    return Number.NaN;
  }
}

export function toAffiliateInput(form: AffiliateFormValues, current?: AffiliateView): AffiliateForm {
  const { startDate, endDate, ...terms } = form;
  const kept = (ms: number | undefined, text: string) =>
    ms !== undefined && formatKst(ms, KST_DATE) === text ? ms : undefined;
  return {
    ...terms,
    startedAt: kept(current?.startedAt, startDate) ?? dayStart(startDate),
    expiredAt: kept(current?.expiredAt, endDate) ?? dayStart(endDate) + DAY_MS - 1,
  };
}

const FORM_FIELD: Record<string, keyof AffiliateFormValues> = {
  startedAt: 'startDate',
  expiredAt: 'endDate',
};

/** react-hook-form's resolver over the shared rule (a malformed day is the 'Invalid date format' message). */
export function affiliateResolver(current?: AffiliateView): Resolver<AffiliateFormValues> {
  return async (values) => {
    const errors: FieldErrors<AffiliateFormValues> = {};
    const input = toAffiliateInput(values, current);
    if (Number.isNaN(input.startedAt)) errors.startDate = { type: 'date', message: INVALID_DATE };
    if (Number.isNaN(input.expiredAt)) errors.endDate = { type: 'date', message: INVALID_DATE };
    const checked = affiliateRule.safeParse(input);
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0]);
        const field = FORM_FIELD[name] ?? (name as keyof AffiliateFormValues);
        errors[field] ??= { type: issue.code, message: issue.message };
      }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}
