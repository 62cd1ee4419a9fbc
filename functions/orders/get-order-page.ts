import { getOrderPage } from '../../shared/api/orders.ts';
import { orderPageOfGuid } from '../core/orders/order-page.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getOrderPage, async (input, { headers }) =>
  // The viewer's country as CloudFront sees it (the distribution adds the header).
  orderPageOfGuid(input.guid, { ...input, country: headers['cloudfront-viewer-country'] }),
);
