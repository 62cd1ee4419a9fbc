import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { RouteDefinition } from '../shared/api/define-route.ts';
import { type AppOptions, buildApp } from './build-app.ts';

/** A built site of one page, so the web stack's upload is part of what the tests check. */
const webDist = mkdtempSync(join(tmpdir(), 'cutloom-web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>test</title>');

/** Every money-path setting of the CDK context (infra/payment-settings.ts), as a deployment gives them. */
export const PAYMENT_CONTEXT = {
  portoneMerchantCode: 'imp12345678',
  portoneReceiptChannelKey: 'channel-key-00000000-0000-0000-0000-000000000000',
  naverPayPartnerId: 'np_abcde',
  coolsmsSender: '0212345678',
  holidayServiceKey: 'holiday-key',
  taxInvoiceSupplier: {
    corpNum: '1234567891',
    companyName: '컷룸 주식회사',
    ceoName: '김컷룸',
    address: '서울특별시 중구 세종대로 110',
    businessType: '정보통신업',
    businessItem: '소프트웨어 개발 및 공급',
    email: 'tax@cutloom.example',
  },
};

/** The app as tests see it: no esbuild bundling (templates only), with extra CDK context and options when given. */
export function testApp(
  routes?: readonly RouteDefinition[],
  context: Record<string, unknown> = {},
  options: Partial<AppOptions> = {},
) {
  const app = new App({
    context: {
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
      ...context,
    },
  });
  return { app, ...buildApp(app, { stage: 'test', webDist, ...options, ...(routes ? { routes } : {}) }) };
}

/** Every template of a built app: each stack's and each of its nested stacks'. */
export function appTemplates(built: ReturnType<typeof testApp>): Template[] {
  const stacks = [
    built.stateful,
    built.jobs,
    built.web,
    built.edge,
    built.monitoring,
    ...Object.values(built.services),
  ];
  return stacks.flatMap((stack) => [
    Template.fromStack(stack),
    ...stack.node.children
      .filter((child) => 'nestedStackResource' in child)
      .map((child) => Template.fromStack(child as never)),
  ]);
}
