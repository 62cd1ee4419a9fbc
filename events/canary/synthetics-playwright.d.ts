/**
 * The part of CloudWatch Synthetics' Playwright library the canary uses (the runtime provides the module;
 * it is not on npm). https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Synthetics_Canaries_Nodejs_Playwright.html
 */
declare module '@aws/synthetics-playwright' {
  import type { Browser, Page } from '@playwright/test';

  export interface StepConfig {
    screenshotOnStepStart?: boolean;
    screenshotOnStepSuccess?: boolean;
    screenshotOnStepFailure?: boolean;
    continueOnStepFailure?: boolean;
  }

  export const synthetics: {
    launch(options?: Record<string, unknown>): Promise<Browser>;
    newPage(browser: Browser): Promise<Page>;
    executeStep<T>(name: string, action: () => Promise<T>, config?: StepConfig, page?: Page): Promise<T>;
    close(): Promise<void>;
  };
}
