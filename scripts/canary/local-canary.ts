import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  type CanaryStep,
  type PurchaseOutcome,
  type StepRunner,
  walkPurchase,
} from '../../events/canary/purchase-journey.ts';

/**
 * The purchase canary run off AWS (`npm run canary`, and the browser tests that run it against the local
 * runtime): the same walk as CloudWatch Synthetics runs (events/canary/purchase-journey.ts), with a step
 * runner of its own that does what Synthetics' executeStep does for the canary: it names each step as it
 * passes and, when one fails, takes the page's screenshot (`{artifacts}/{step}.png`) and fails the run
 * with the step's name.
 */
export class CanaryFailure extends Error {
  override name = 'CanaryFailure';
  constructor(
    readonly step: CanaryStep,
    readonly screenshot: string,
    cause: Error,
  ) {
    super(`The purchase failed at step "${step}": ${cause.message}`);
  }
}

export interface LocalCanaryOptions {
  base: string;
  email: string;
  password: string;
  /** Where failure screenshots go. */
  artifacts: string;
  log?: (line: string) => void;
}

export async function runCanary(page: Page, options: LocalCanaryOptions): Promise<PurchaseOutcome> {
  const log = options.log ?? (() => undefined);
  const step: StepRunner = async (name, action) => {
    const started = performance.now();
    try {
      const result = await action();
      log(`  passed  ${name} (${Math.round(performance.now() - started)} ms)`);
      return result;
    } catch (error) {
      mkdirSync(options.artifacts, { recursive: true });
      const screenshot = join(options.artifacts, `${name.replace(/[^\w]+/g, '-')}.png`);
      await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
      log(`  FAILED  ${name}: ${(error as Error).message}`);
      throw new CanaryFailure(name, screenshot, error as Error);
    }
  };
  return walkPurchase({ page, base: options.base, email: options.email, password: options.password, step });
}
