import { type App, Tags } from 'aws-cdk-lib';
import { type RouteDefinition, SERVICES } from '../shared/api/define-route.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { EdgeStack } from './edge-stack.ts';
import { JobsStack } from './jobs-stack.ts';
import { MonitoringStack } from './monitoring-stack.ts';
import { type IdentitySettings, ServiceStack } from './service-stack.ts';
import { StatefulStack } from './stateful-stack.ts';
import { type SiteDomain, WebStack } from './web-stack.ts';

export interface AppOptions {
  stage: string;
  /** The account (the CLI sets CDK_DEFAULT_ACCOUNT from the credentials; offline synth has none). */
  account?: string;
  /** The stage's region (CDK context `region`); the edge stack is in us-east-1 whatever it is. */
  region?: string;
  /** Who gets the alarms (CDK context `alarmEmail`). */
  alarmEmail?: string;
  /** The site's domain names and their ACM certificate in us-east-1 (CDK context `domain`). */
  domain?: SiteDomain;
  /** The origin secret's version CloudFront sends (CDK context `originSecretVersion`, set by a rotation). */
  originSecretVersion?: string;
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

/** Seoul: the product's customers are mostly in Korea, and so is its payment provider. */
export const DEFAULT_REGION = 'ap-northeast-2';

/**
 * Every stack of one stage; routes come from the route table (tests may pass their own). Stacks name
 * their region, as the cross-region reference from the edge stack (us-east-1) to the web stack needs.
 */
export function buildApp(app: App, options: AppOptions) {
  const { stage } = options;
  const routes = options.routes ?? ROUTES;
  const prefix = `Cutloom-${stage}`;
  const account = options.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  const env = { account, region: options.region ?? DEFAULT_REGION };
  const stateful = new StatefulStack(app, `${prefix}-Stateful`, {
    env,
    stage,
    ...(options.alarmEmail ? { alarmEmail: options.alarmEmail } : {}),
    description: 'Table, buckets, queues, secrets, the alarm topic (retained)',
  });
  const identity = { ...EXAMPLE_IDENTITY, ...options.identity };
  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    env,
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
        env,
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
  const apis = Object.fromEntries(Object.entries(services).map(([service, stack]) => [service, stack.api]));
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
    stage,
    routes,
    description: 'The web application firewall of the distribution (CloudFront scope: us-east-1)',
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    crossRegionReferences: true,
    stage,
    stateful,
    apis,
    webAclArn: edge.webAcl.attrArn,
    ...(options.domain ? { domain: options.domain } : {}),
    ...(options.originSecretVersion ? { originSecretVersion: options.originSecretVersion } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    description: 'The site on S3 and CloudFront, with the API under its prefixes',
  });
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    stage,
    stateful,
    apis,
    scheduleGroupName: jobs.schedulerAccess.groupName,
    webAcl: edge.webAcl,
    siteUrl: identity.siteUrl,
    description:
      'The dashboard, the alarms of the APIs, queues, schedules and product metrics, and the purchase canary',
  });
  Tags.of(app).add('product', 'cutloom');
  Tags.of(app).add('stage', stage);
  return { stateful, jobs, services, edge, web, monitoring };
}
