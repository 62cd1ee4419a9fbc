import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentNotification } from '../../../shared/payments/checkout-contract.ts';

export interface Delivery {
  id: number;
  url: string;
  body: PaymentNotification;
  attempts: number;
  state: 'delivering' | 'delivered' | 'failed';
  lastError?: string;
  createdAt: string;
}

/**
 * The provider's notifications (webhooks): a JSON POST of `{imp_uid, merchant_uid, status}` whenever a
 * payment's status changes. A delivery that does not get a 2xx answer is tried again after 1, 2, 4 and
 * 8 retry delays (5 attempts), then given up and shown as failed on /_local/payments. Notifications of
 * one payment go out in order, each after the previous one finished, so a receiver never sees
 * 'cancelled' before 'paid'.
 */
export class Notifier {
  static readonly ATTEMPTS = 5;
  private readonly deliveries: Delivery[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  private nextId = 1;
  private readonly stopping = new AbortController();

  constructor(private readonly retryDelayMs: number) {}

  notify(url: string, body: PaymentNotification): void {
    const delivery: Delivery = {
      id: this.nextId++,
      url,
      body,
      attempts: 0,
      state: 'delivering',
      createdAt: new Date().toISOString(),
    };
    this.deliveries.unshift(delivery);
    this.deliveries.splice(200);
    const previous = this.chains.get(body.imp_uid) ?? Promise.resolve();
    const chain = previous.then(() => this.deliver(delivery));
    this.chains.set(body.imp_uid, chain);
    void chain.finally(() => {
      if (this.chains.get(body.imp_uid) === chain) this.chains.delete(body.imp_uid);
    });
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const stop = this.stopping.signal;
    while (!stop.aborted && delivery.attempts < Notifier.ATTEMPTS) {
      delivery.attempts += 1;
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(delivery.body),
          signal: AbortSignal.any([AbortSignal.timeout(10_000), stop]),
        });
        await response.body?.cancel();
        if (response.ok) {
          delivery.state = 'delivered';
          delivery.lastError = undefined;
          return;
        }
        delivery.lastError = `HTTP ${response.status}`;
      } catch (error) {
        delivery.lastError = (error as Error).message;
      }
      if (delivery.attempts < Notifier.ATTEMPTS) {
        await sleep(this.retryDelayMs * 2 ** (delivery.attempts - 1), undefined, { signal: stop }).catch(
          () => undefined,
        );
      }
    }
    delivery.state = 'failed';
    if (stop.aborted) return;
    console.warn(
      `Payment notification to ${delivery.url} failed after ${delivery.attempts} attempts: ${delivery.lastError}`,
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
