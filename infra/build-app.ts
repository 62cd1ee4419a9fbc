import { type App, Tags } from 'aws-cdk-lib';
import { type RouteDefinition, SERVICES } from '../shared/api/define-route.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { JobsStack } from './jobs-stack.ts';
import { type IdentitySettings, ServiceStack } from './service-stack.ts';
import { StatefulStack } from './stateful-stack.ts';
import { WebStack } from './web-stack.ts';

export interface AppOptions {
  stage: string;
  routes?: readonly RouteDefinition[];
  webDist?: string;
  identity?: Partial<IdentitySettings>;
}

/** Placeholders for synth and tests; a real stage passes its own through the CDK context. */
const EXAMPLE_IDENTITY: IdentitySettings = {
  siteUrl: 'https://cutloom.example',
  mailFrom: 'Cutloom <no-reply@cutloom.example>',
  googleClientId: 'example.apps.googleusercontent.com',
};

/** Every stack of one stage; routes come from the route table (tests may pass their own). */
export function buildApp(app: App, options: AppOptions) {
  const { stage } = options;
  const routes = options.routes ?? ROUTES;
  const prefix = `Cutloom-${stage}`;
  const stateful = new StatefulStack(app, `${prefix}-Stateful`, {
    stage,
    description: 'Table, buckets, queues, secrets (retained)',
  });
  const identity = { ...EXAMPLE_IDENTITY, ...options.identity };
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    stage,
    stateful,
    site: identity,
    description: 'Queue consumers and the scheduler',
  });
  const scheduler = {
    ...jobs.schedulerAccess,
    targetArns: Object.fromEntries(
      Object.entries(jobs.targets).map(([variable, fn]) => [variable, fn.functionArn]),
    ),
  };
  const services = Object.fromEntries(
    SERVICES.map((service) => [
      service,
      new ServiceStack(app, `${prefix}-${service[0]?.toUpperCase()}${service.slice(1)}`, {
        service,
        stage,
        stateful,
        scheduler,
        identity,
        routes: routes.filter((route) => route.service === service),
        description: `The /${service} API`,
      }),
    ]),
  ) as Record<(typeof SERVICES)[number], ServiceStack>;
  const web = new WebStack(app, `${prefix}-Web`, {
    stage,
    stateful,
    apis: Object.fromEntries(Object.entries(services).map(([service, stack]) => [service, stack.api])),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    description: 'The site on S3 and CloudFront, with the API under its prefixes',
  });
  Tags.of(app).add('product', 'cutloom');
  Tags.of(app).add('stage', stage);
  return { stateful, jobs, services, web };
}
