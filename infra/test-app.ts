import { App } from 'aws-cdk-lib';
import type { RouteDefinition } from '../shared/api/define-route.ts';
import { buildApp } from './build-app.ts';

/** The app as tests see it: no esbuild bundling (templates only), no site upload. */
export function testApp(routes?: readonly RouteDefinition[]) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  return { app, ...buildApp(app, { stage: 'test', deployWeb: false, ...(routes ? { routes } : {}) }) };
}
