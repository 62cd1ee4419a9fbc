import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp } from './build-app.ts';
import type { SiteDomain } from './web-stack.ts';

const app = new App();
const context = (name: string): string | undefined => app.node.tryGetContext(name);
/** A JSON context value: an object in cdk.json, a string when given with `-c key='{...}'`. */
const jsonContext = <T>(name: string): T | undefined => {
  const value: unknown = app.node.tryGetContext(name);
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T | undefined);
};
const domain = jsonContext<SiteDomain>('domain');
buildApp(app, {
  stage: context('stage') ?? 'dev',
  ...(context('region') ? { region: context('region') } : {}),
  ...(context('alarmEmail') ? { alarmEmail: context('alarmEmail') } : {}),
  ...(domain ? { domain } : {}),
  ...(context('originSecretVersion') ? { originSecretVersion: context('originSecretVersion') } : {}),
  identity: {
    ...(context('siteUrl') ? { siteUrl: context('siteUrl') } : {}),
    ...(context('mailFrom') ? { mailFrom: context('mailFrom') } : {}),
    ...(context('googleClientId') ? { googleClientId: context('googleClientId') } : {}),
  },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
