/** The payment funnel's stages, in order (section 4). */
export const FUNNEL_STAGES = [
  'PricingPageViewed',
  'PaymentSignInModalOpened',
  'PaymentInfoEntered',
  'PaymentGatewayOpened',
  'PaymentFailed',
  'PaymentSucceeded',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const FUNNEL_KEY = 'cutloom.funnel';

/**
 * The funnel tracker: it starts at PricingPageViewed, can be set to any stage and reset. The stage
 * lives in the tab's session storage so that it follows the visitor from pricing to the result page;
 * each change is reported (as an analytics event) through `onStage`.
 */
export class FunnelTracker {
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
    private readonly onStage: (stage: FunnelStage) => void,
  ) {}

  get stage(): FunnelStage {
    const stored = this.storage.getItem(FUNNEL_KEY);
    return FUNNEL_STAGES.find((stage) => stage === stored) ?? 'PricingPageViewed';
  }

  set(stage: FunnelStage): void {
    if (this.storage.getItem(FUNNEL_KEY) === stage) return;
    this.storage.setItem(FUNNEL_KEY, stage);
    this.onStage(stage);
  }

  reset(): void {
    this.storage.removeItem(FUNNEL_KEY);
  }
}
