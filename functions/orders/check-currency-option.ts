import { checkCurrencyOption } from '../../shared/api/orders.ts';
import { currencyOptionShown } from '../../shared/orders/order-rules.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(checkCurrencyOption, async (input, { headers }) => ({
  // The viewer's country as CloudFront sees it (the distribution adds the header).
  show: currencyOptionShown({ language: input.language, country: headers['cloudfront-viewer-country'] }),
}));
