import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentNotification } from '../../../shared/payments/checkout-contract.ts';

export interface Delivery {
  id: number;
  url: string;
  body: PaymentNotification;
  attempts: number;
  /** lost: dropped on the way (the share the sandbox is told to lose), never delivered. */
  state: 'delivering' | 'delivered' | 'failed' | 'lost';
  lastError?: string;
  createdAt: string;
}

/**
 * How the provider's notifications (webhooks) behave, from PortOne's V1 webhook guide
 * (developers.portone.io, integration/webhook/readme-v1): one POST per event, not tried again when it
 * fails unless the merchant has PortOne resend them (`resends`, 0 by default); the first attempt
 * waits 10 s to connect and 30 s for the answer, a resend 15 s in all. The events themselves (which
 * status changes are notified at all) are the sandbox's (provider.ts).
 */
export interface NotificationPolicy {
  /** Further attempts after a failed delivery (PortOne sends none unless the merchant asks). */
  resends: number;
  /** The share of notifications lost on the way (0 to 1): the product must not depend on them. */
  dropShare: number;
  /**
   * The body's encoding, as the merchant sets "Content Type" in the console: JSON (the encoding every
   * guide's example shows, so the sandbox's default) or a form.
   */
  contentType: NotificationContentType;
}

export const NOTIFICATION_CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded'] as const;
export type NotificationContentType = (typeof NOTIFICATION_CONTENT_TYPES)[number];

/** A notification's body in the encoding the console is set to. */
export function encodeNotification(body: PaymentNotification, contentType: NotificationContentType): string {
  if (contentType === 'application/json') return JSON.stringify(body);
  return new URLSearchParams(
    Object.entries(body).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  ).toString();
}

const FIRST_ATTEMPT_TIMEOUT_MS = 40_000;
const RESEND_TIMEOUT_MS = 15_000;

/**
 * The notifications the sandbox sends: a POST of `{imp_uid, merchant_uid, status}` (and a cancel's
 * `cancellation_id`), JSON or a form as the policy says. Notifications of one payment go out in order, each after the previous one
 * finished. Every delivery is listed on /_local/payments, lost ones too, and any can be sent again
 * (the console's resend), which is how a late duplicate is made.
 */
export class Notifier {
  private readonly deliveries: Delivery[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  private readonly lostOrders = new Set<string>();
  private nextId = 1;
  private readonly stopping = new AbortController();

  constructor(
    readonly policy: NotificationPolicy,
    private readonly resendDelayMs: number,
  ) {}

  /** Every notification of this order (merchant_uid) is lost from now on. */
  loseOrder(merchantUid: string): void {
    this.lostOrders.add(merchantUid);
  }

  notify(url: string, body: PaymentNotification): Delivery {
    const lost = this.lostOrders.has(body.merchant_uid) || Math.random() < this.policy.dropShare;
    const delivery: Delivery = {
      id: this.nextId++,
      url,
      body,
      attempts: 0,
      state: lost ? 'lost' : 'delivering',
      createdAt: new Date().toISOString(),
    };
    this.deliveries.unshift(delivery);
    this.deliveries.splice(200);
    if (!lost) this.enqueue(delivery);
    return delivery;
  }

  /** Sends a past notification again, as the provider's console can (a late or repeated delivery). */
  resend(id: number): Delivery | undefined {
    const past = this.deliveries.find((delivery) => delivery.id === id);
    if (!past) return undefined;
    const delivery: Delivery = {
      ...past,
      id: this.nextId++,
      attempts: 0,
      state: 'delivering',
      createdAt: new Date().toISOString(),
    };
    delete delivery.lastError;
    this.deliveries.unshift(delivery);
    this.enqueue(delivery);
    return delivery;
  }

  private enqueue(delivery: Delivery): void {
    const key = delivery.body.imp_uid;
    const chain = (this.chains.get(key) ?? Promise.resolve()).then(() => this.deliver(delivery));
    this.chains.set(key, chain);
    void chain.finally(() => {
      if (this.chains.get(key) === chain) this.chains.delete(key);
    });
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const stop = this.stopping.signal;
    const attempts = 1 + this.policy.resends;
    while (!stop.aborted && delivery.attempts < attempts) {
      const timeout = delivery.attempts === 0 ? FIRST_ATTEMPT_TIMEOUT_MS : RESEND_TIMEOUT_MS;
      delivery.attempts += 1;
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: { 'content-type': this.policy.contentType },
          body: encodeNotification(delivery.body, this.policy.contentType),
          signal: AbortSignal.any([AbortSignal.timeout(timeout), stop]),
        });
        await response.body?.cancel();
        if (response.ok) {
          delivery.state = 'delivered';
          delete delivery.lastError;
          return;
        }
        delivery.lastError = `HTTP ${response.status}`;
      } catch (error) {
        delivery.lastError = (error as Error).message;
      }
      if (delivery.attempts < attempts) {
        await sleep(this.resendDelayMs * 2 ** (delivery.attempts - 1), undefined, { signal: stop }).catch(
          () => undefined,
        );
      }
    }
    delivery.state = 'failed';
    if (stop.aborted) return;
    console.warn(
      `Payment notification to ${delivery.url} failed after ${delivery.attempts} attempt(s): ${delivery.lastError}`,
    );
  }

  list(): readonly Delivery[] {
    return this.deliveries;
  }

  /** Gives up every delivery under way and waits until they have let go. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.chains.values()]);
  }
}
