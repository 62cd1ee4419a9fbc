import * as z from 'zod';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { CurrencySchema } from '../orders/session-info.ts';
import { defineRoute } from './define-route.ts';
import { SessionGuid } from './session-guid.ts';

/**
 * Changing the card a subscription renews on (site-and-payments.md sections 2, 3 and 7). The session is
 * opened by create-init-payment with isChangeCard; insert-change-card-progress prepares the provider's
 * billing-key checkout for a new key; change-card (the change-card payment endpoint the specification
 * names without its payload) makes the new key the plan's once the provider confirms it issued it.
 */
export const ChangeCardDataSchema = z.object({
  planName: z.string(),
  merchantUid: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  currency: CurrencySchema,
  pg: z.string(),
  price: z.number(),
  clientType: z.enum(CLIENT_TYPES),
});

export const insertChangeCardProgress = defineRoute({
  name: 'insertChangeCardProgress',
  service: 'payment',
  method: 'POST',
  path: '/insert-change-card-progress',
  caller: 'guid',
  summary:
    "Prepare a change of card for the session's subscription: the change-card data, and a new billing " +
    "key id for the provider's checkout to issue (the plan keeps its key until the provider confirms)",
  request: z.object({
    guid: SessionGuid,
    /** The plan's current billing key as the app knows it; checked against the plan when given. */
    customerUid: z.string().max(80).optional(),
  }),
  response: z.object({
    changeCardData: ChangeCardDataSchema,
    /** The checkout's merchant_uid (the billing-key issue of this change). */
    checkoutMerchantUid: z.string(),
    /** The new billing key the checkout issues (customer_uid). */
    customerUid: z.string(),
  }),
  handler: 'change-card/insert-change-card-progress',
  grants: ['table:read', 'table:write'],
});

export const changeCard = defineRoute({
  name: 'changeCard',
  service: 'payment',
  method: 'POST',
  path: '/change-card',
  caller: 'guid',
  summary:
    'Finish a change of card after the checkout: the new billing key replaces the plan’s only when the ' +
    'provider has it; the old key is then deleted. Answers the same however often it is called',
  request: z.object({ guid: SessionGuid, merchantUid: z.string().min(1).max(40) }),
  response: z.object({
    result: z.enum(['success', 'error']),
    errorCode: z.string().optional(),
    errorMsg: z.string().optional(),
  }),
  handler: 'change-card/change-card',
  grants: ['table:read', 'table:write', 'payment:provider'],
});

export const changeCardRoutes = [insertChangeCardProgress, changeCard] as const;
