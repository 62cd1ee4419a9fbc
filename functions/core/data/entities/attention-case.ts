import { Entity, type EntityItem } from 'electrodb';
import { ATTENTION_KINDS } from '../../../../shared/attention/attention-cases.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute } from './order-attributes.ts';

/**
 * One thing an operator must settle (shared/attention/attention-cases.ts): written in the same
 * transaction as the state that raises it and deleted in the same transaction as the action that ends
 * it, so the attention page is a query of what is open now, never a scan of orders.
 */
export const AttentionCase = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'attentionCase', version: '1', service: ENTITY_SERVICE },
      attributes: {
        /** `{kind}:{subject}` (attentionCaseId): one case per thing, however often it is raised. */
        caseId: { type: 'string', required: true, readOnly: true },
        kind: { type: ATTENTION_KINDS, required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        userEmail: { type: 'string', readOnly: true },
        merchantUid: { type: 'string', readOnly: true },
        planId: { type: 'string', readOnly: true },
        planName: { type: 'string', readOnly: true },
        amount: { type: 'number', readOnly: true },
        /** What the payment took, in the currency it was paid in (not always the order's). */
        currency: { type: 'string', readOnly: true },
        /** Where a refund of it may send the money, its own way first (cases raised before refundWays). */
        refundSources: { type: 'list', items: { type: 'string' }, readOnly: true },
        /** The ways a refund of it may take and whether each needs the customer's account (refund-ways.ts). */
        refundWays: {
          type: 'list',
          readOnly: true,
          items: {
            type: 'map',
            properties: {
              source: { type: 'string', required: true },
              account: { type: ['none', 'required'] as const, required: true },
            },
          },
        },
        /** Why it needs attention, as the system knew it (the order's failure message). */
        reason: { type: 'string', required: true, readOnly: true },
        /**
         * A dead letter's origin (shared/attention/dead-letters.ts): the bulk queue it failed on, or the
         * function ARN of the scheduled target that never ran.
         */
        source: { type: 'string', readOnly: true },
        /** A dead-lettered bulk message's job and how many of its rows the message carried. */
        jobId: { type: 'string', readOnly: true },
        rows: { type: 'number', readOnly: true },
        /** A dead letter's message body or run input, sent again unchanged by a retry. */
        payload: { type: 'string', readOnly: true },
        /**
         * A bank transfer to make (refund_transfer): the customer's account, kept only while the transfer is
         * owed (the case is deleted when it is marked paid, and with the account), shown masked but to the
         * operator who asks for the whole number (audited); who asked for the refund; and the payment's
         * cancelled amount before it, which names the refund's ledger entry once paid.
         */
        refundAccount: {
          type: 'map',
          readOnly: true,
          properties: {
            bankCode: { type: 'string', required: true },
            accountNumber: { type: 'string', required: true },
            holder: { type: 'string', required: true },
          },
        },
        requestedBy: { type: 'string', readOnly: true },
        cancelledBefore: { type: 'number', readOnly: true },
        /** An operator's retries so far (a held plan's each its own renewal attempt; a dead letter's claims). */
        retries: { type: 'number', required: true, default: 0 },
        raisedAt: { ...createdAttribute, padding: { length: 15, char: '0' } },
      },
      indexes: {
        byCase: { pk: { field: 'pk', composite: ['caseId'] }, sk: { field: 'sk', composite: [] } },
        /** The open cases, oldest first: the attention page. */
        openCases: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['raisedAt', 'caseId'] },
        },
      },
    }),
);
export type AttentionCaseItem = EntityItem<ReturnType<typeof AttentionCase>>;
