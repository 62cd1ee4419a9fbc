import * as z from 'zod';
import type { AdminScheduleView } from '../../../../../shared/api/schedules.ts';
import {
  checkDepositPrice,
  DEPOSIT_FIELDS,
  PAYER_FIELDS,
} from '../../../../../shared/direct-deposits/direct-deposit.ts';
import {
  type AdminScheduleCreateForm,
  type AdminScheduleUpdateInput,
  SCHEDULE_MESSAGES,
  SCHEDULE_REPEATS,
} from '../../../../../shared/schedules/admin-schedule.ts';
import { formatKst } from '../../../../../shared/time/kst.ts';
import { kstDateText, readKstDate } from '../../../../../shared/time/kst-date-field.ts';

/**
 * The schedule form (create and edit) holds the payer and the deposit flat beside the timing: the
 * start as KST text, and one choice for once, every month or every year. It is checked with the shared
 * deposit rules and the console's one date-field rule, and turned into the calls' shape on submit.
 */
export const REPEAT_CHOICES = ['once', ...SCHEDULE_REPEATS] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

export const scheduleFormRule = z
  .object({
    ...PAYER_FIELDS,
    ...DEPOSIT_FIELDS,
    startAt: kstDateText('date-time', SCHEDULE_MESSAGES.startAt),
    repeat: z.enum(REPEAT_CHOICES),
    description: z.string().trim().min(1, SCHEDULE_MESSAGES.description).max(1000),
  })
  .superRefine(checkDepositPrice);
export type ScheduleFormValues = z.input<typeof scheduleFormRule>;
/** What a form opens with: a new schedule has no price yet. */
export type ScheduleFormStart = Omit<ScheduleFormValues, 'price'> & { price?: number };
type CheckedForm = z.output<typeof scheduleFormRule>;

/** A new schedule's form: the account (as the server reads it), the next full hour, once, a deposit to choose. */
export function newScheduleForm(payer: { uid: string; userName: string; userEmail: string }, nowMs: number) {
  const nextHour = Math.ceil((nowMs + 1) / 3_600_000) * 3_600_000;
  return {
    ...payer,
    userPhone: '',
    planName: '',
    currency: 'KRW',
    paymentType: 'event',
    startAt: formatKst(nextHour),
    repeat: 'once',
    description: '',
  } satisfies ScheduleFormStart;
}

export function scheduleToForm(schedule: AdminScheduleView): ScheduleFormValues {
  return {
    ...schedule.params,
    startAt: formatKst(schedule.startAt),
    repeat: schedule.isRepeat && schedule.repeatEvery ? schedule.repeatEvery : 'once',
    description: schedule.description,
  };
}

function timingOf(form: CheckedForm) {
  return {
    startAt: readKstDate('date-time', form.startAt),
    isRepeat: form.repeat !== 'once',
    ...(form.repeat !== 'once' ? { repeatEvery: form.repeat } : {}),
    description: form.description,
  };
}

/** A new schedule names its account by uid; the server takes the payer's name and e-mail from it. */
export function toCreateInput(form: CheckedForm): AdminScheduleCreateForm {
  const { uid, userPhone, planName, price, currency, paymentType } = form;
  return {
    ...timingOf(form),
    adminActionTarget: 'directDeposit',
    params: { uid, userPhone, planName, price, currency, paymentType },
  };
}

/** An edit changes the timing, description and the deposit's editable fields (not the account). */
export function toUpdateInput(adminScheduleId: string, form: CheckedForm): AdminScheduleUpdateInput {
  const { userPhone, planName, price, currency, paymentType } = form;
  return {
    adminScheduleId,
    ...timingOf(form),
    params: { userPhone, planName, price, currency, paymentType },
  };
}
