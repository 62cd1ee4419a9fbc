import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Annotations,
  Duration,
  Fn,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  type HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  SSLMethod,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { ORIGIN_SECRET_HEADER } from '../shared/api/origin-secret.ts';
import { GENERATED_KEY_FIELD } from '../shared/secrets/rotating-secret.ts';
import {
  CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  serializePolicy,
} from '../shared/site/security-headers.ts';
import { repoRoot } from './bundling.ts';
import { accountInFinding } from './nag-findings.ts';
import { spaViewerRequestCode, spaViewerResponseCode } from './spa-routing.ts';
import type { StatefulStack } from './stateful-stack.ts';

/** The site's own names and their certificate, which CloudFront takes from ACM in us-east-1 only. */
export interface SiteDomain {
  names: string[];
  certificateArn: string;
}

export interface WebStackProps extends StackProps {
  stage: string;
  stateful: StatefulStack;
  /** The HTTP API of each service prefix, served on the same distribution under `/{service}/*`. */
  apis: Record<string, HttpApi>;
  /** The built site to upload (default web/dist); nothing is uploaded when it has no index.html. */
  webDist?: string;
  /** The edge stack's web ACL (us-east-1), by cross-region reference. */
  webAclArn: string;
  /** Without it the distribution answers only on its *.cloudfront.net name (a warning at synth). */
  domain?: SiteDomain;
  /**
   * The origin secret's version CloudFront sends (CDK context `originSecretVersion`, given by
   * `npm run rotate-secret -- origin`); without it, the version current at deployment.
   */
  originSecretVersion?: string;
}

/**
 * The site: a private bucket behind CloudFront (origin access control), the SPA routing functions
 * generated from the shared site pages, the security headers of shared/site/security-headers.ts, and the API under its service prefixes on
 * the same origin (no CORS, one cookie domain), behind the edge stack's web ACL.
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

    const { strictTransportSecurity: hsts } = SECURITY_HEADERS;
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
          includeSubdomains: hsts.includeSubdomains,
          preload: hsts.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: SECURITY_HEADERS.frameOptions as HeadersFrameOption, override: true },
        referrerPolicy: {
          // The enum's values are the header's own spelling.
          referrerPolicy: SECURITY_HEADERS.referrerPolicy as HeadersReferrerPolicy,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: serializePolicy(CONTENT_SECURITY_POLICY),
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
            // Only requests that came through here (and so through the web ACL) reach a route.
            customHeaders: {
              // The current key of the rotating secret, resolved by CloudFormation at deploy time (CloudFront
              // has no run-time secret lookup); the routes also accept the previous key during a rotation.
              [ORIGIN_SECRET_HEADER]: SecretValue.secretsManager(props.stateful.originSecret.secretArn, {
                jsonField: GENERATED_KEY_FIELD,
                ...(props.originSecretVersion ? { versionId: props.originSecretVersion } : {}),
              }).unsafeUnwrap(),
            },
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
      ...this.viewerCertificate(props.domain),
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
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
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No domain in the context (a stage before production): the default *.cloudfront.net certificate cannot set a minimum TLS version; with the domain, TLSv1.2_2021 is enforced.',
      });
      Annotations.of(this).addWarningV2(
        'cutloom:domain',
        'CDK context domain is not set: no custom domain, the site answers on *.cloudfront.net with the default certificate (TLSv1 still accepted); production needs {"names": [...], "certificateArn": "arn:aws:acm:us-east-1:..."}',
      );
    }

    const dist = props.webDist ?? join(repoRoot, 'web/dist');
    if (existsSync(join(dist, 'index.html'))) {
      // Hashed files under assets/ never change; everything else (the HTML shells and pre-rendered
      // pages, robots.txt, sitemap.xml, the favicon) must be revalidated on every visit.
      new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(dist, { exclude: ['*', '!assets', '!assets/**'] })],
        destinationBucket: siteBucket,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
      });
      new BucketDeployment(this, 'DeployShells', {
        sources: [Source.asset(dist, { exclude: ['assets', 'assets/**'] })],
        destinationBucket: siteBucket,
        cacheControl: [CacheControl.noCache()],
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      // The BucketDeployment handler is a CDK-managed singleton at the stack's root.
      const deploymentFindings = [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${accountInFinding(this)}-${this.region}/*]`,
        `AwsSolutions-IAM5[Resource::<${this.getLogicalId(siteBucket.node.defaultChild as CfnBucket)}.Arn>/*]`,
        'AwsSolutions-IAM5[Resource::*]',
        'AwsSolutions-L1',
      ];
      for (const id of deploymentFindings) {
        Validations.of(this).acknowledge({
          id,
          reason:
            'The CDK-managed BucketDeployment handler copies the site assets from the CDK asset bucket into the site bucket and invalidates the distribution; its role and runtime are defined by aws-cdk-lib.',
        });
      }
    }
  }

  /** The domain's names and certificate, with TLS 1.2 (the 2021 cipher set) at least. */
  private viewerCertificate(domain: SiteDomain | undefined) {
    if (!domain) return {};
    const region = Token.isUnresolved(domain.certificateArn)
      ? 'us-east-1'
      : domain.certificateArn.split(':')[3];
    if (region !== 'us-east-1')
      throw new Error(
        `CloudFront takes its certificate from ACM in us-east-1, not ${region}: ${domain.certificateArn}`,
      );
    return {
      domainNames: domain.names,
      certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      sslSupportMethod: SSLMethod.SNI,
    };
  }
}
