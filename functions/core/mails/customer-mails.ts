import { DateTime, type DateTimeFormatOptions } from 'luxon';
import type { CashReceiptView } from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { type Currency, formatPrice } from '../../../shared/currency.ts';
import { isSiteLanguage, type SiteLanguage } from '../../../shared/languages.ts';
import type { PayMethod } from '../../../shared/payments/pay-methods.ts';
import type { PlanType, SubscriptionPeriod } from '../../../shared/plans/plan-types.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import type { MeteredUsageType } from '../../../shared/usage/usage-rules.ts';
import { sendMail } from '../adapters/mail.ts';
import { cashReceiptRows } from '../cash-receipts/cash-receipt-mail.ts';
import { nowMs } from '../clock.ts';
import { claimCustomerMail, markCustomerMail } from '../data/customer-mail-repository.ts';
import type { CustomerMailKind } from '../data/entities/customer-mail.ts';
import { getUser } from '../data/user-repository.ts';
import { logger } from '../logger.ts';
import { settings } from '../settings.ts';
import { CUSTOMER_MAIL_TEXTS, type CustomerMailTexts, type ReceiptPurpose } from './customer-mail-texts.ts';

/**
 * The mails a customer gets after checkout (issue 17): a receipt for every successful charge, the
 * virtual account issued, a refund made, the reminder before a renewal, a change of plan at the next
 * renewal scheduled or cancelled (issue 33). Each is sent once per event
 * (its kind and eventId: the merchantUid, the refund's step, the plan's period), in the account's
 * language, as plain text and accessible HTML, always linking to the billing page.
 */
interface Money {
  amount: number;
  currency: Currency;
}
interface PlanOf {
  planType: PlanType;
}

export type CustomerMail =
  | (PlanOf &
      Money & {
        kind: 'receipt';
        purpose: ReceiptPurpose;
        /** The paid period (none for an eraser, which buys no time). */
        period?: { from: number; to: number } | undefined;
        payMethod: string;
        merchantUid: string;
        /** An upgrade's credit for what was left of the plan it replaced. */
        credit?: number | undefined;
        usageType?: MeteredUsageType | undefined;
        /** The provider's receipt, where it gives one. */
        receiptUrl?: string | undefined;
        /** The cash receipt (현금영수증) of a cash payment, as it stood when the mail went. */
        cashReceipt?: CashReceiptView | undefined;
      })
  | (PlanOf &
      Money & {
        kind: 'vbank-issued';
        bank: string;
        accountNumber: string;
        holder: string;
        dueAt: number;
      })
  | (PlanOf &
      Money & {
        kind: 'refund-made';
        refundedTo: PayMethod | 'bank-transfer' | 'by-hand';
        /** A bank transfer's account, masked. */
        transferTo?: string | undefined;
        endedAt: number;
      })
  | (PlanOf &
      Money & {
        kind: 'renewal-reminder';
        renewsAt: number;
        payMethod: string;
        /** The plan the renewal changes to, as the customer scheduled (the amount is its price). */
        newPlan?: SubscriptionPlan | undefined;
      })
  | (PlanOf &
      Money & {
        /**
         * A change of plan at the next renewal, confirmed: scheduled (the amount is what the renewal will
         * charge for the new plan) or cancelled (the amount is the renewal's as before).
         */
        kind: 'plan-change-scheduled' | 'plan-change-cancelled';
        period: SubscriptionPeriod;
        newPlan: SubscriptionPlan;
        renewsAt: number;
        /** Scheduled: the amount is more than the last charge, so its consent will be asked. */
        consentNeeded?: boolean | undefined;
        /** Cancelled: the subscription renews as it is (its renewal was not cancelled meanwhile). */
        renews?: boolean | undefined;
        /** An operator acted at the customer's request. */
        byOperator: boolean;
      });

interface SubscriptionPlan {
  planType: PlanType;
  period: SubscriptionPeriod;
}

type Row = { label: string; value: string; href?: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function dateIn(ms: number, language: SiteLanguage, format: DateTimeFormatOptions): string {
  return DateTime.fromMillis(ms, { zone: KST_ZONE }).setLocale(language).toLocaleString(format);
}

function methodName(texts: CustomerMailTexts, method: string): string {
  return texts.methods[method as PayMethod] ?? method;
}

/** A subscription by its type and period ("Light · Monthly"). */
function subscriptionPlan(texts: CustomerMailTexts, plan: SubscriptionPlan): string {
  return `${texts.planTypes[plan.planType]} · ${texts.periods[plan.period]}`;
}

/** The mail's message and its table of facts. */
function contentOf(
  mail: CustomerMail,
  texts: CustomerMailTexts,
  language: SiteLanguage,
): { subject: string; lines: string[]; rows: Row[]; values: Record<string, string> } {
  const { labels } = texts;
  const plan = texts.planTypes[mail.planType];
  const amount = formatPrice(mail.amount, mail.currency);
  const day = (ms: number) => dateIn(ms, language, DateTime.DATE_FULL);
  const planRow = { label: labels.plan, value: plan };
  const amountRow = { label: labels.amount, value: amount };
  switch (mail.kind) {
    case 'receipt': {
      const rows: Row[] = [planRow];
      if (mail.period)
        rows.push({ label: labels.period, value: `${day(mail.period.from)} – ${day(mail.period.to)}` });
      if (mail.usageType) rows.push({ label: labels.usageType, value: texts.usageTypes[mail.usageType] });
      if (mail.credit) rows.push({ label: labels.credit, value: formatPrice(mail.credit, mail.currency) });
      rows.push(
        amountRow,
        { label: labels.method, value: methodName(texts, mail.payMethod) },
        { label: labels.merchantUid, value: mail.merchantUid },
      );
      if (mail.receiptUrl)
        rows.push({ label: labels.receipt, value: texts.receiptLink, href: mail.receiptUrl });
      if (mail.cashReceipt) rows.push(...cashReceiptRows(mail.cashReceipt, language));
      return { ...texts.receipt[mail.purpose], rows, values: { plan, amount } };
    }
    case 'vbank-issued':
      return {
        ...texts.vbankIssued,
        rows: [
          planRow,
          { label: labels.bank, value: mail.bank },
          { label: labels.accountNumber, value: mail.accountNumber },
          { label: labels.holder, value: mail.holder },
          amountRow,
          {
            label: labels.dueDate,
            value: `${dateIn(mail.dueAt, language, DateTime.DATETIME_MED)} ${texts.kst}`,
          },
        ],
        values: { plan, amount },
      };
    case 'refund-made':
      return {
        subject: texts.refundMade.subject,
        lines: [
          ...texts.refundMade.lines,
          ...(mail.refundedTo === 'bank-transfer' ? [texts.refundMade.transferDue] : []),
          ...(mail.refundedTo === 'by-hand' ? [texts.refundMade.byHandDue] : []),
          texts.refundMade.planEnded,
        ],
        rows: [
          planRow,
          amountRow,
          {
            label: labels.refundedTo,
            value: [methodName(texts, mail.refundedTo), mail.transferTo].filter(Boolean).join(' '),
          },
        ],
        values: { plan, amount, date: day(mail.endedAt) },
      };
    case 'renewal-reminder': {
      const { subject, lines, change } = texts.renewalReminder;
      const newPlan = mail.newPlan ? subscriptionPlan(texts, mail.newPlan) : undefined;
      return {
        subject,
        lines: newPlan ? [lines[0] ?? '', change, ...lines.slice(1)] : lines,
        rows: [
          planRow,
          ...(newPlan ? [{ label: labels.newPlan, value: newPlan }] : []),
          { label: labels.renewsOn, value: day(mail.renewsAt) },
          amountRow,
          { label: labels.method, value: methodName(texts, mail.payMethod) },
        ],
        values: { plan, amount, date: day(mail.renewsAt), newPlan: newPlan ?? '' },
      };
    }
    case 'plan-change-scheduled':
    case 'plan-change-cancelled': {
      const current = subscriptionPlan(texts, mail);
      const newPlan = subscriptionPlan(texts, mail.newPlan);
      const lines =
        mail.kind === 'plan-change-scheduled'
          ? [
              ...texts.planChangeScheduled.lines,
              ...(mail.consentNeeded ? [texts.planChangeScheduled.consent] : []),
            ]
          : [...texts.planChangeCancelled.lines, ...(mail.renews ? [texts.planChangeCancelled.renews] : [])];
      return {
        subject: (mail.kind === 'plan-change-scheduled'
          ? texts.planChangeScheduled
          : texts.planChangeCancelled
        ).subject,
        lines: mail.byOperator ? [...lines, texts.byOperator] : lines,
        rows: [
          { label: labels.plan, value: current },
          { label: labels.newPlan, value: newPlan },
          { label: labels.renewsOn, value: day(mail.renewsAt) },
          amountRow,
        ],
        values: { plan: current, newPlan, amount, date: day(mail.renewsAt) },
      };
    }
  }
}

/** The subject, plain text and HTML of a customer mail in a language; `billingLink` is its button. */
export function composeCustomerMail(
  mail: CustomerMail,
  language: SiteLanguage,
  billingLink: string,
): { subject: string; text: string; html: string } {
  const texts = CUSTOMER_MAIL_TEXTS[language];
  const { subject, lines, rows, values } = contentOf(mail, texts, language);
  const fill = (line: string, encode: (value: string) => string) =>
    line.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? encode(values[name] ?? '') : whole,
    );
  const text = [
    ...lines.map((line) => fill(line, (value) => value)),
    '',
    ...rows.map((row) => `${row.label}: ${row.href ?? row.value}`),
    '',
    `${texts.billingButton}: ${billingLink}`,
  ].join('\n');
  const cells = rows.map(
    (row) =>
      `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0">${escapeHtml(row.label)}</th><td style="padding:4px 0">${
        row.href ? `<a href="${escapeHtml(row.href)}">${escapeHtml(row.value)}</a>` : escapeHtml(row.value)
      }</td></tr>`,
  );
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a">',
    ...lines.map((line) => `<p>${fill(line, escapeHtml)}</p>`),
    `<table>${cells.join('')}</table>`,
    `<p><a href="${escapeHtml(billingLink)}">${escapeHtml(texts.billingButton)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export type MailOutcome = 'sent' | 'sent-before' | 'failed';

/** One event's mail: its kind and event (the marker's key), the account it goes to, and a fallback. */
export interface MailEvent {
  kind: CustomerMailKind;
  eventId: string;
  uid: string;
  /** The order's address and language, for an account that is gone. */
  fallback: { email: string; language: SiteLanguage };
}

/**
 * Sends one customer mail of one event, once: the marker is claimed before the mail goes, so a repeated
 * or concurrent step of the same event sends nothing more. A failure never escapes (a mail must not fail
 * the payment it tells of): it is logged and left on the marker as failed, and the next run of the same
 * step (a repeated confirmation, a redelivered schedule) claims and sends it again.
 */
export function sendCustomerMail(
  input: Omit<MailEvent, 'kind'> & { mail: CustomerMail },
): Promise<MailOutcome> {
  const { mail, ...event } = input;
  return sendMailOnce({ ...event, kind: mail.kind }, (language, billingLink) =>
    composeCustomerMail(mail, language, billingLink),
  );
}

/**
 * The once-per-event sending of sendCustomerMail, for a mail composed elsewhere: `compose` gets the
 * account's language (else the fallback's) and the billing page's address in it.
 */
export async function sendMailOnce(
  event: MailEvent,
  compose: (language: SiteLanguage, billingLink: string) => { subject: string; text: string; html: string },
): Promise<MailOutcome> {
  const { kind, eventId, uid, fallback } = event;
  try {
    if (!(await claimCustomerMail({ kind, eventId, uid, now: nowMs() }))) return 'sent-before';
  } catch (error) {
    logger.error('A customer mail could not be claimed', { kind, eventId, error });
    return 'failed';
  }
  try {
    const user = await getUser(uid);
    const language = isSiteLanguage(user?.uiLanguage) ? user.uiLanguage : fallback.language;
    const link = `${settings.siteUrl}/${language}/account/billing`;
    await sendMail({ to: user?.email ?? fallback.email, ...compose(language, link) });
  } catch (error) {
    logger.error('A customer mail could not be sent; the next run of its step sends it again', {
      kind,
      eventId,
      error,
    });
    await markCustomerMail(kind, eventId, { failure: String((error as Error)?.message ?? error) }).catch(
      (markError: unknown) =>
        logger.error('A failed customer mail could not be marked', { kind, eventId, markError }),
    );
    return 'failed';
  }
  // Sent: a marker left `sending` by a failure here is only claimed again once abandoned.
  await markCustomerMail(kind, eventId, { sentAt: nowMs() }).catch((error: unknown) =>
    logger.error('A sent customer mail could not be marked', { kind, eventId, error }),
  );
  return 'sent';
}
