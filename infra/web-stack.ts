import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Fn, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { repoRoot } from './bundling.ts';
import { spaViewerRequestCode, spaViewerResponseCode } from './spa-routing.ts';
import type { StatefulStack } from './stateful-stack.ts';

export interface WebStackProps extends StackProps {
  stage: string;
  stateful: StatefulStack;
  /** The HTTP API of each service prefix, served on the same distribution under `/{service}/*`. */
  apis: Record<string, HttpApi>;
  /** Upload web/dist (default: when it exists; the test command builds it). */
  deployWeb?: boolean;
}

/**
 * The site: a private bucket behind CloudFront (origin access control), the SPA routing functions
 * generated from the shared site pages, security headers, and the API under its service prefixes on
 * the same origin (no CORS, one cookie domain).
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.stateful.accessLogBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy:
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
            "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
          override: true,
        },
      },
    });

    const viewerRequest = new EdgeFunction(this, 'SpaRequest', {
      code: FunctionCode.fromInline(spaViewerRequestCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'SPA routing: language redirect, app shell for pages, 404 shell for the rest',
    });
    const viewerResponse = new EdgeFunction(this, 'SpaResponse', {
      code: FunctionCode.fromInline(spaViewerResponseCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Gives the 404 shell its 404 status',
    });

    const apiBehaviors = Object.fromEntries(
      Object.entries(props.apis).map(([service, api]) => [
        `/${service}/*`,
        {
          origin: new HttpOrigin(Fn.select(2, Fn.split('/', api.apiEndpoint)), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway needs its own), plus CloudFront's viewer headers
          // such as CloudFront-Viewer-Country, which the geoip route reads.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      ]),
    );

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Cutloom ${props.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: props.stateful.accessLogBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: viewerResponse, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: apiBehaviors,
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product is sold worldwide; no geo restriction applies.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason: 'WAF is attached per stage by the security account (a web ACL in us-east-1), not by this app.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'TLS 1.2 is enforced once the custom domain and its ACM certificate are attached; the default *.cloudfront.net certificate cannot.',
    });

    const dist = join(repoRoot, 'web/dist');
    if (props.deployWeb ?? existsSync(join(dist, 'index.html'))) {
      // Hashed assets never change; the HTML shells must be revalidated on every visit.
      new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(dist, { exclude: ['*.html'] })],
        destinationBucket: siteBucket,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
      });
      new BucketDeployment(this, 'DeployShells', {
        sources: [Source.asset(dist, { exclude: ['*', '!*.html'] })],
        destinationBucket: siteBucket,
        cacheControl: [CacheControl.noCache()],
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-IAM4',
        reason:
          'The BucketDeployment custom resource (a CDK-managed handler) uses the AWS managed basic execution role.',
      });
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-IAM5',
        reason: 'The BucketDeployment handler copies any object of its asset into the site bucket.',
      });
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'The BucketDeployment handler runtime is chosen by aws-cdk-lib.',
      });
    }
  }
}
