import { useMutation } from '@tanstack/react-query';
import { createInitPayment } from '../../../../../shared/api/orders.ts';
import { createUserRefund } from '../../../../../shared/api/refunds.ts';
import { createInitPlanUpgrade } from '../../../../../shared/api/upgrades.ts';
import { createInitUsageEraser } from '../../../../../shared/api/usage-eraser.ts';
import { SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { pricingPath } from '../../../lib/payment-start.ts';

/**
 * The existing after-purchase flows, opened from the billing page the way the app opens them: a
 * session for the signed-in account, then its page with the session's guid.
 */
export type BillingFlow = 'changeCard' | 'upgrade' | 'eraser' | 'refund';

export async function openFlow(token: string, flow: BillingFlow, lang: SiteLanguage): Promise<string> {
  const session = { clientType: SITE_CLIENT_TYPE, language: lang };
  const options = { token };
  switch (flow) {
    case 'changeCard': {
      const { guid } = await callRoute(createInitPayment, { ...session, isChangeCard: true }, options);
      return `/${lang}/payment/change-card?guid=${guid}`;
    }
    case 'upgrade': {
      const { guid } = await callRoute(createInitPlanUpgrade, session, options);
      return pricingPath(lang, { guid, upgrading: true });
    }
    case 'eraser': {
      const { guid } = await callRoute(createInitUsageEraser, session, options);
      return `/${lang}/payment/eraser/order?guid=${guid}`;
    }
    case 'refund': {
      const { guid } = await callRoute(createUserRefund, {}, options);
      return `/${lang}/payment/user-refund?guid=${guid}`;
    }
  }
}

/** Opens a flow and goes to its page. */
export const useOpenFlow = (token: string, lang: SiteLanguage) =>
  useMutation({
    mutationFn: (flow: BillingFlow) => openFlow(token, flow, lang),
    onSuccess: (href) => window.location.assign(href),
  });
