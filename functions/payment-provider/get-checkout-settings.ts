import { getCheckoutSettings } from '../../shared/api/payment-provider.ts';
import { checkoutSettings } from '../core/payment-provider/checkout-settings.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getCheckoutSettings, async () => checkoutSettings());
