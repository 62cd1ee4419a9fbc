import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp } from './build-app.ts';

const app = new App();
const context = (name: string): string | undefined => app.node.tryGetContext(name);
buildApp(app, {
  stage: context('stage') ?? 'dev',
  ...(context('region') ? { region: context('region') } : {}),
  ...(context('alarmEmail') ? { alarmEmail: context('alarmEmail') } : {}),
  identity: {
    ...(context('siteUrl') ? { siteUrl: context('siteUrl') } : {}),
    ...(context('mailFrom') ? { mailFrom: context('mailFrom') } : {}),
    ...(context('googleClientId') ? { googleClientId: context('googleClientId') } : {}),
  },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
