/**
 * The payment funnel's stages the order and result pages reach (site-and-payments.md section 4). The
 * site's funnel tracker (analytics) is not part of this checkout: every stage is reported through this
 * one function, as a window event the tracker can listen to. When the two meet, this body becomes the
 * tracker's `funnel().set(stage)`; nothing else changes.
 */
export type OrderFunnelStage =
  | 'PaymentInfoEntered'
  | 'PaymentGatewayOpened'
  | 'PaymentFailed'
  | 'PaymentSucceeded';

export const FUNNEL_STAGE_EVENT = 'cutloom:funnel-stage';

export function reportFunnelStage(stage: OrderFunnelStage): void {
  window.dispatchEvent(new CustomEvent<OrderFunnelStage>(FUNNEL_STAGE_EVENT, { detail: stage }));
}
