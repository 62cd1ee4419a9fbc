import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../plans/plan-types.ts';
import { CONSENT_CHANNELS, CONSENT_STATUSES, PRICE_RISE_REASONS } from '../subscriptions/renewal-consent.ts';
import { defineRoute } from './define-route.ts';

/**
 * The consent a renewal that costs more than the last charge asks for (issue 26 point 3; shared/
 * subscriptions/renewal-consent.ts): read and answered from the mail's link (the signed token is the
 * credential: no sign-in) or on the billing page, signed in. The specifications name no path.
 */
export const CONSENT_CHOICES = ['consent', 'decline'] as const;

/** A renewal's consent as the customer sees it: what rises, when, why, and the answer so far. */
export const RenewalConsentSchema = z.object({
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  currency: z.enum(CURRENCIES),
  lastCharge: z.number(),
  amount: z.number(),
  renewsAt: z.number(),
  reason: z.enum(PRICE_RISE_REASONS),
  status: z.enum(CONSENT_STATUSES),
  /** Whether it may still be answered: the plan still renews that period, and the renewal is not due. */
  open: z.boolean(),
});
export type RenewalConsentView = z.infer<typeof RenewalConsentSchema>;

/** The record behind it, as the console's user detail lists it (when and where each answer was given). */
export const AdminRenewalConsentSchema = z.object({
  planId: z.string(),
  planName: z.string(),
  currency: z.enum(CURRENCIES),
  lastCharge: z.number(),
  amount: z.number(),
  renewsAt: z.number(),
  reason: z.enum(PRICE_RISE_REASONS),
  status: z.enum(CONSENT_STATUSES),
  askedAt: z.number(),
  consentedAt: z.number().optional(),
  consentedVia: z.enum(CONSENT_CHANNELS).optional(),
  declinedAt: z.number().optional(),
  declinedVia: z.enum(CONSENT_CHANNELS).optional(),
});
export type AdminRenewalConsent = z.infer<typeof AdminRenewalConsentSchema>;

const LinkToken = z.string().min(1).max(4096);
const Answer = z.object({ result: RenewalConsentSchema });
const consentGrants = ['table:read', 'table:write', 'token:sign'] as const;

export const renewalConsentByLink = defineRoute({
  name: 'renewalConsentByLink',
  service: 'payment',
  method: 'POST',
  path: '/renewal-consent-link',
  caller: 'public',
  summary:
    "The consent a renewal asks for, read with the mail's signed link (the token names the account, the " +
    'plan, the period and the amount asked); an expired or superseded link is EXPIRED, a forged one AUTHORIZATION',
  request: z.object({ token: LinkToken }),
  response: Answer,
  handler: 'renewal-consent/renewal-consent-by-link',
  grants: ['table:read', 'token:sign'],
});

export const answerRenewalConsentByLink = defineRoute({
  name: 'answerRenewalConsentByLink',
  service: 'payment',
  method: 'POST',
  path: '/renewal-consent-link-answer',
  caller: 'public',
  summary:
    "Agrees to the renewal's higher amount, or declines it (a consent withdrawn), with the mail's signed " +
    'link, until the renewal is due; recorded with when and where. Repeating an answer changes nothing',
  request: z.object({ token: LinkToken, choice: z.enum(CONSENT_CHOICES) }),
  response: Answer,
  handler: 'renewal-consent/answer-renewal-consent-by-link',
  grants: consentGrants,
});

export const userRenewalConsent = defineRoute({
  name: 'userRenewalConsent',
  service: 'payment',
  method: 'GET',
  path: '/user-renewal-consent',
  caller: 'user',
  summary:
    "The consent the signed-in account's next renewal asks for (result null when its renewal costs no " +
    'more, or it does not renew): the billing page shows it with the answer',
  request: z.object({}),
  response: z.object({ result: RenewalConsentSchema.nullable() }),
  handler: 'renewal-consent/user-renewal-consent',
  grants: ['table:read'],
});

export const answerUserRenewalConsent = defineRoute({
  name: 'answerUserRenewalConsent',
  service: 'payment',
  method: 'POST',
  path: '/user-renewal-consent-answer',
  caller: 'user',
  summary:
    "Agrees to, or declines (withdraws), the signed-in account's renewal at its higher amount, from the " +
    'billing page. No consent asked: USER_NOT_SUBSCRIBED; past its renewal: EXPIRED',
  request: z.object({ choice: z.enum(CONSENT_CHOICES) }),
  response: Answer,
  handler: 'renewal-consent/answer-user-renewal-consent',
  grants: ['table:read', 'table:write'],
});

export const renewalConsentRoutes = [
  renewalConsentByLink,
  answerRenewalConsentByLink,
  userRenewalConsent,
  answerUserRenewalConsent,
] as const;
