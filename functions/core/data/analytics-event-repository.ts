import { tableService } from './client.ts';
import {
  AnalyticsEvent as AnalyticsEventEntity,
  type AnalyticsEventItem,
} from './entities/analytics-event.ts';

const db = tableService({ analyticsEvent: AnalyticsEventEntity });

/**
 * Analytics events kept in the table (one machine, and any stage without a stream), keyed by client id
 * and insertId so that a repeat overwrites itself.
 */
export type AnalyticsEvent = AnalyticsEventItem;

/** Puts a batch; answers the keys DynamoDB left unprocessed (to be put again). */
export async function putAnalyticsEvents(
  events: readonly AnalyticsEvent[],
): Promise<Array<Pick<AnalyticsEvent, 'cid' | 'insertId'>>> {
  const { unprocessed } = await db()
    .entities.analyticsEvent.put([...events])
    .go();
  return unprocessed;
}
