import { NestedStack, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { MonitoringFacade } from 'cdk-monitoring-constructs';
import type { Construct } from 'constructs';
import { routeNeeds } from '../functions/core/environment-variables.ts';
import { type RouteDefinition, routePath, type Service } from '../shared/api/define-route.ts';
import { ORIGIN_SECRET_ARN_VARIABLE } from '../shared/api/origin-secret.ts';
import { CLOUD_PROJECT_PREFIX, FEEDBACK_CLOUD_PREFIX } from '../shared/feedback/feedback-search.ts';
import { queueUrlVariable } from '../shared/jobs/queues.ts';
import { alarmFunction, monitoringFacade } from './alarms.ts';
import {
  acknowledgeFunctionFindings,
  functionProps,
  grantMail,
  grantScheduling,
  grantTable,
  type SchedulerAccess,
  schedulerEnvironment,
} from './bundling.ts';
import { API_THROTTLING, ROUTE_PROVISIONED_CONCURRENCY, ROUTE_RESERVED_CONCURRENCY } from './capacity.ts';
import { deployedEnvironment } from './function-environment.ts';
import { grantPaymentSecrets, paymentValues } from './payment-settings.ts';
import {
  type ProductBucket,
  productBucketName,
  productBucketNameInFindings,
  type StatefulStack,
} from './stateful-stack.ts';

export interface IdentitySettings {
  /** The site's origin (the base of mailed links), e.g. https://cutloom.app. */
  siteUrl: string;
  /** The SES-verified sender of the product's mails. */
  mailFrom: string;
  /** The Google OAuth client id of the site's Google sign-in. */
  googleClientId: string;
}

/** Routes per nested stack: 9 resources a route (two of them its alarms) keep each nested stack near 360, below 500. */
export const ROUTES_PER_GROUP = 40;

export interface ServiceStackProps extends StackProps {
  service: Service;
  routes: readonly RouteDefinition[];
  stage: string;
  stateful: StatefulStack;
  /** What the identity routes (the auth service) need to know about the deployment. */
  identity: IdentitySettings;
  /** Set by the jobs stack for routes with the `scheduler` grant. */
  scheduler?: SchedulerAccess & { targetArns: Record<string, string> };
}

/**
 * One service prefix: its HTTP API and one Lambda per route of the route table. Routes live in nested
 * stacks of ROUTES_PER_GROUP so that no template reaches CloudFormation's 500-resource limit however
 * many routes the service grows.
 */
export class ServiceStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    this.api = new HttpApi(this, 'Api', {
      apiName: `cutloom-${props.stage}-${props.service}`,
      description: `The /${props.service} service`,
      createDefaultStage: true,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/cutloom-${props.stage}-${props.service}`,
      retention: RetentionDays.ONE_MONTH,
    });
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage;
    // HTTP APIs have no X-Ray tracing (REST APIs do): a trace starts at the route's function (active
    // tracing). The access log names the function's invocation (`functionRequestId`, the Lambda request
    // id, which every log line of that invocation carries as `requestId`, beside its X-Ray trace id), and
    // each function log line names this request (`apiRequestId`). Variables:
    // https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging-variables.html
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        functionRequestId: '$context.integration.requestId',
        ip: '$context.identity.sourceIp',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        integrationStatus: '$context.integration.status',
        integrationLatency: '$context.integration.latency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
    stage.defaultRouteSettings = {
      throttlingBurstLimit: API_THROTTLING.burstLimit,
      throttlingRateLimit: API_THROTTLING.rateLimit,
    };

    const values = serviceValues(this, props);
    for (let start = 0; start < props.routes.length; start += ROUTES_PER_GROUP) {
      const group = new NestedStack(this, `Routes${start / ROUTES_PER_GROUP + 1}`);
      const monitoring = monitoringFacade(group, props.stage, props.stateful.alarmTopic);
      for (const route of props.routes.slice(start, start + ROUTES_PER_GROUP))
        addRoute(group, monitoring, this.api, route, props, values);
    }
  }
}

/**
 * Object access limited to the actions a route uses and to a key prefix of one bucket; the object
 * wildcard under the prefix is acknowledged with why any object there may be touched.
 */
function grantObjects(
  fn: NodejsFunction,
  stage: string,
  bucket: ProductBucket,
  actions: string[],
  keys: string,
  why: string,
): void {
  const resource = `${productBucketName(stage, bucket)}/${keys}`;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions,
      resources: [Stack.of(fn).formatArn({ service: 's3', region: '', account: '', resource })],
    }),
  );
  Validations.of(fn).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${productBucketNameInFindings(stage, bucket)}/${keys}]`,
    reason: `Objects are named by the product at run time (${why}); the grant is limited to ${actions.join(', ')} there.`,
  });
}

/**
 * What the service's routes may be given, each picking what its needs call for (the declaration in
 * functions/core/environment-variables.ts).
 */
function serviceValues(scope: Construct, props: ServiceStackProps): Record<string, string | undefined> {
  const { stateful } = props;
  return {
    // Secrets are read at run time (functions/core/adapters/secrets.ts): their ARNs, never their values.
    [ORIGIN_SECRET_ARN_VARIABLE]: stateful.originSecret.secretArn,
    TABLE_NAME: stateful.table.tableName,
    ID_TOKEN_SECRET_ARN: stateful.idTokenSecret.secretArn,
    SITE_URL: props.identity.siteUrl,
    GOOGLE_CLIENT_ID: props.identity.googleClientId,
    MAIL_FROM: props.identity.mailFrom,
    ...Object.fromEntries(
      Object.entries(stateful.queues).map(([queueId, queue]) => [
        queueUrlVariable(queueId as keyof typeof stateful.queues),
        queue.queueUrl,
      ]),
    ),
    FEEDBACK_BUCKET: stateful.feedbackBucket.bucketName,
    CLOUD_PROJECT_BUCKET: stateful.cloudProjectBucket.bucketName,
    ANALYTICS_STREAM_NAME: stateful.analyticsStream.deliveryStreamName,
    ...paymentValues(scope, props.stage, stateful),
    ...(props.scheduler ? { ...schedulerEnvironment(props.scheduler), ...props.scheduler.targetArns } : {}),
  };
}

function addRoute(
  scope: Construct,
  monitoring: MonitoringFacade,
  api: HttpApi,
  route: RouteDefinition,
  props: ServiceStackProps,
  values: Readonly<Record<string, string | undefined>>,
): void {
  const { stateful } = props;
  const grants = new Set(route.grants ?? []);
  const needs = routeNeeds(route);
  const environment = deployedEnvironment(scope, props.stage, needs, values);
  const readsSigningKey = needs.has('token:verify') || needs.has('token:sign');

  const provisioned = ROUTE_PROVISIONED_CONCURRENCY[route.name];
  const fn = new NodejsFunction(scope, route.name, {
    ...functionProps(scope, route.name, `functions/${route.handler}.ts`, environment),
    description: `${route.method} ${routePath(route)}`,
    ...(route.memoryMb ? { memorySize: route.memoryMb } : {}),
    ...(ROUTE_RESERVED_CONCURRENCY[route.name]
      ? { reservedConcurrentExecutions: ROUTE_RESERVED_CONCURRENCY[route.name] }
      : {}),
    // Its version is published with environments kept initialised; a replaced version is deleted.
    ...(provisioned
      ? {
          currentVersionOptions: {
            provisionedConcurrentExecutions: provisioned,
            removalPolicy: RemovalPolicy.DESTROY,
          },
        }
      : {}),
  });
  acknowledgeFunctionFindings(fn);
  alarmFunction(monitoring, fn, route.name, 'route');

  // The needs, not only the grants: every admin route reads its caller's staff record, a staff write appends its audit record.
  if (needs.has('table:write')) grantTable(fn, stateful.table, 'write');
  else if (needs.has('table:read')) grantTable(fn, stateful.table, 'read');
  stateful.originSecret.grantRead(fn);
  if (readsSigningKey) stateful.idTokenSecret.grantRead(fn);
  if (grants.has('queue:bulk'))
    for (const queue of Object.values(stateful.queues)) queue.grantSendMessages(fn);
  if (grants.has('feedback-bucket:read'))
    grantObjects(
      fn,
      stateful.stage,
      'feedback-files',
      ['s3:GetObject'],
      '*',
      'feedback files are looked up by any name',
    );
  if (grants.has('feedback-bucket:write'))
    grantObjects(
      fn,
      stateful.stage,
      'feedback-files',
      ['s3:PutObject'],
      `${FEEDBACK_CLOUD_PREFIX}*`,
      'copies land under cloud/',
    );
  if (grants.has('cloud-project-bucket:read')) {
    grantObjects(
      fn,
      stateful.stage,
      'cloud-projects',
      ['s3:GetObject'],
      `${CLOUD_PROJECT_PREFIX}*`,
      'any project is copied',
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [stateful.cloudProjectBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${CLOUD_PROJECT_PREFIX}*`] } },
      }),
    );
  }
  grantPaymentSecrets(fn, grants, stateful);
  if (grants.has('analytics:put')) stateful.analyticsStream.grantPutRecords(fn);
  if (grants.has('mail:send')) grantMail(fn, props.identity.mailFrom);
  if (grants.has('scheduler') && props.scheduler) grantScheduling(fn, props.scheduler);

  const httpRoute = new HttpRoute(scope, `${route.name}Route`, {
    httpApi: api,
    routeKey: HttpRouteKey.with(routePath(route), HttpMethod[route.method]),
    // A provisioned function is invoked through its version, whose environments are the initialised ones.
    integration: new HttpLambdaIntegration(`${route.name}Integration`, provisioned ? fn.currentVersion : fn),
  });
  Validations.of(httpRoute).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      route.caller === 'public'
        ? 'A public route of the product (no caller identity by design).'
        : `Authorized in the handler pipeline (caller kind '${route.caller}': bearer ID token or payment-session guid verified before the handler runs).`,
  });
}
