import { analyticsV2 } from '../../shared/api/analytics.ts';
import { storeAnalyticsEvents } from '../core/analytics/store-events.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(analyticsV2, async ({ clientType, events }, { headers }) => ({
  result: 'success' as const,
  stored: await storeAnalyticsEvents({
    clientType,
    events,
    country: headers['cloudfront-viewer-country']?.toUpperCase(),
  }),
}));
