import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp } from './build-app.ts';

const app = new App();
buildApp(app, { stage: app.node.tryGetContext('stage') ?? 'dev' });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
