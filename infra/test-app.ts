import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { RouteDefinition } from '../shared/api/define-route.ts';
import { buildApp } from './build-app.ts';

/** A built site of one page, so the web stack's upload is part of what the tests check. */
const webDist = mkdtempSync(join(tmpdir(), 'cutloom-web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>test</title>');

/** The app as tests see it: no esbuild bundling (templates only), with extra CDK context when given. */
export function testApp(routes?: readonly RouteDefinition[], context: Record<string, unknown> = {}) {
  const app = new App({
    context: {
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
      ...context,
    },
  });
  return { app, ...buildApp(app, { stage: 'test', webDist, ...(routes ? { routes } : {}) }) };
}
