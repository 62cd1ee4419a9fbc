import { retentionTtl } from '../../../shared/data/record-retention.ts';
import { nowMs } from '../clock.ts';
import { tableService } from './client.ts';
import {
  ChangeCardRequest as ChangeCardRequestEntity,
  type ChangeCardRequestItem,
} from './entities/change-card.ts';
import { UserPlan } from './entities/user-plan.ts';

const db = tableService({ changeCardRequest: ChangeCardRequestEntity, userPlan: UserPlan });

export type ChangeCardRequest = ChangeCardRequestItem;

/** A change of card is a change of the contract's terms: kept five years, like the contract's records. */
export async function createChangeCardRequest(
  request: Omit<ChangeCardRequest, 'created' | 'updated' | 'status' | 'ttl'>,
): Promise<void> {
  await db()
    .entities.changeCardRequest.create({ ...request, ttl: retentionTtl(nowMs(), 'contract') })
    .go();
}

export async function getChangeCardRequest(merchantUid: string): Promise<ChangeCardRequest | undefined> {
  return (await db().entities.changeCardRequest.get({ merchantUid }).go()).data ?? undefined;
}

/**
 * The change takes effect: in one transaction the request becomes done (only from created) and the
 * plan's billing key becomes the new one (only while it is still the key the request replaces). False
 * when either condition failed: the request was settled meanwhile, or the plan's key changed.
 */
export async function completeChangeCard(request: ChangeCardRequest): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ changeCardRequest, userPlan }) => [
      changeCardRequest
        .patch({ merchantUid: request.merchantUid })
        .set({ status: 'done' })
        .where((attr, op) => op.eq(attr.status, 'created'))
        .commit(),
      userPlan
        .patch({ uid: request.uid, planId: request.planId })
        .set({ customerUid: request.customerUid })
        .where((attr, op) => op.eq(attr.customerUid, request.previousCustomerUid))
        .commit(),
    ])
    .go();
  return !canceled;
}

/** The change did not happen (no key issued, or the plan moved on); the plan keeps its key. */
export async function failChangeCard(
  merchantUid: string,
  failure: { code?: string | undefined; message: string },
): Promise<ChangeCardRequest | undefined> {
  try {
    const { data } = await db()
      .entities.changeCardRequest.patch({ merchantUid })
      .set({
        status: 'failed',
        failureMessage: failure.message,
        ...(failure.code ? { failureCode: failure.code } : {}),
      })
      .where((attr, op) => op.eq(attr.status, 'created'))
      .go({ response: 'all_new' });
    return data as ChangeCardRequest;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return undefined;
    throw error;
  }
}
