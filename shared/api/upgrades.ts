import * as z from 'zod';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { PlanUpgradeDataSchema, SessionInfoSchema } from '../orders/session-info.ts';
import { defineRoute } from './define-route.ts';
import { SessionGuid } from './session-guid.ts';

/**
 * Plan upgrades (site-and-payments.md sections 4 and 7). The upgrade session is opened here; its order
 * is made by insert-payment-progress with isUpgrade, a card upgrade is charged on the plan's billing key
 * by create-billing-key-payment with isUpgrade, and a wallet upgrade by upgrade-recurrent-naver-pay.
 * Every one of them ends in the same confirmation as a first payment.
 */
export const createInitPlanUpgrade = defineRoute({
  name: 'createInitPlanUpgrade',
  service: 'payment',
  method: 'POST',
  path: '/create-init-plan-upgrade',
  caller: 'user',
  summary:
    "Open an upgrade session (guid) for the signed-in account's current subscription, with its plan " +
    'upgrade data (the credit for its unused part computed here); USER_NOT_SUBSCRIBED without a plan, ' +
    'UPGRADE_NOT_ALLOWED for a fixed-term pass or a plan with nothing above it',
  request: z.object({
    uid: z.string().max(64).optional(),
    cid: z.string().max(128).optional(),
    clientType: z.enum(CLIENT_TYPES),
    language: z.enum(SITE_LANGUAGES),
    /** The plan chosen on the pricing page, when it is one the current plan may upgrade to. */
    planName: z.string().min(1).max(64).optional(),
  }),
  response: z.object({
    guid: z.string(),
    planUpgradeData: PlanUpgradeDataSchema,
    sessionInfo: SessionInfoSchema,
  }),
  handler: 'upgrades/create-init-plan-upgrade',
  grants: ['table:read', 'table:write'],
});

export const upgradeRecurrentNaverPay = defineRoute({
  name: 'upgradeRecurrentNaverPay',
  service: 'payment',
  method: 'POST',
  path: '/upgrade-recurrent-naver-pay',
  caller: 'guid',
  summary:
    "Charge a wallet upgrade's order on the recurring registration of the plan it replaces, then confirm " +
    'it; exactly one charge per order however often it is called',
  request: z.object({
    guid: SessionGuid,
    merchantUid: z.string().min(1).max(40),
    price: z.number().optional(),
    isTest: z.boolean().optional(),
  }),
  response: z.object({
    result: z.enum(['success', 'pending', 'error']),
    merchantUid: z.string(),
    errorType: z.string().optional(),
    errorMsg: z.string().optional(),
    failureCode: z.string().optional(),
  }),
  handler: 'upgrades/upgrade-recurrent-naver-pay',
  // The upgraded plan's renewal is scheduled at its grant.
  grants: ['table:read', 'table:write', 'payment:provider', 'scheduler', 'mail:send'],
});

export const upgradeRoutes = [createInitPlanUpgrade, upgradeRecurrentNaverPay] as const;
