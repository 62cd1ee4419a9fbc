import { randomUUID } from 'node:crypto';
import type { AwsService } from './aws-requests.ts';

/**
 * How each service answers a refused call, in its own protocol, so that the SDK in the function throws
 * what it throws in AWS. Sources: the shapes captured from AWS for SQS's JSON protocol (403 with
 * `x-amzn-query-error: AccessDenied;Sender`, the action in lower case in the message) and for a REST-JSON
 * service (403 with `x-amzn-ErrorType`); S3's "Access denied message examples"
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/troubleshoot-403-errors.html: the resource in
 * quotes); the common errors of the JSON services (AccessDeniedException, UnrecognizedClientException and
 * MissingAuthenticationToken with status 400, e.g.
 * https://docs.aws.amazon.com/secretsmanager/latest/apireference/CommonErrors.html).
 */
export interface ServiceAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Protocol = 'json1.0' | 'json1.1' | 'sqs-json' | 'rest-json' | 'rest-xml';

const PROTOCOLS: Record<AwsService, Protocol> = {
  dynamodb: 'json1.0',
  sqs: 'sqs-json',
  s3: 'rest-xml',
  scheduler: 'rest-json',
  sesv2: 'rest-json',
  secretsmanager: 'json1.1',
  firehose: 'json1.1',
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An error in the service's protocol; `queryCode` is SQS's awsQuery code, `extra` more S3 XML elements. */
function serviceError(
  service: AwsService,
  code: string,
  message: string,
  options: { queryCode?: string; extra?: Record<string, string>; head?: boolean } = {},
): ServiceAnswer {
  const requestId = randomUUID();
  switch (PROTOCOLS[service]) {
    case 'json1.0':
      return {
        status: 400,
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': requestId },
        body: JSON.stringify({ __type: `com.amazon.coral.service#${code}`, Message: message }),
      };
    case 'json1.1':
      return {
        status: 400,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': requestId },
        body: JSON.stringify({ __type: code, Message: message }),
      };
    case 'sqs-json':
      return {
        status: 403,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amzn-requestid': requestId,
          'x-amzn-query-error': `${options.queryCode ?? code};Sender`,
        },
        body: JSON.stringify({ __type: `com.amazon.coral.service#${code}`, Message: message }),
      };
    case 'rest-json':
      return {
        status: 403,
        headers: {
          'content-type': 'application/json',
          'x-amzn-requestid': requestId,
          'x-amzn-errortype': code,
        },
        body: JSON.stringify({ Message: message }),
      };
    case 'rest-xml': {
      const extra = Object.entries(options.extra ?? {})
        .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
        .join('');
      return {
        status: 403,
        headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId },
        // A HEAD answer has no body; the SDK names the error by its status.
        body: options.head
          ? ''
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${extra}<RequestId>${requestId}</RequestId><HostId>${requestId}</HostId></Error>`,
      };
    }
  }
}

/** The caller as AWS names a Lambda function's role session in a denial. */
export function sessionArn(roleArn: string, functionName: string): string {
  const [, , , , account = '', resource = ''] = roleArn.split(':');
  const roleName = resource.split('/').at(-1) ?? resource;
  return `arn:aws:sts::${account}:assumed-role/${roleName}/${functionName}`;
}

export function accessDenied(
  service: AwsService,
  denial: {
    principal: string;
    action: string;
    resource: string;
    reason: 'explicit-deny' | 'no-allow';
    head?: boolean;
    /** Why the check itself refused (an operation or policy construct it does not model). */
    unmodelled?: string;
  },
): ServiceAnswer {
  // SQS spells the action in lower case; S3 quotes the resource.
  const action = service === 'sqs' ? denial.action.toLowerCase() : denial.action;
  const resource = service === 's3' ? `"${denial.resource}"` : denial.resource;
  const why = denial.unmodelled
    ? `because the local permission check cannot decide it: ${denial.unmodelled}`
    : denial.reason === 'explicit-deny'
      ? 'with an explicit deny in an identity-based policy'
      : `because no identity-based policy allows the ${action} action`;
  const message = `User: ${denial.principal} is not authorized to perform: ${action} on resource: ${resource} ${why}`;
  const code = service === 's3' ? 'AccessDenied' : 'AccessDeniedException';
  return serviceError(service, code, message, { queryCode: 'AccessDenied', head: Boolean(denial.head) });
}

/** An access key id no function has: what AWS answers for an invalid key. */
export function unrecognizedKey(service: AwsService, accessKeyId: string, head = false): ServiceAnswer {
  if (service === 's3')
    return serviceError(
      service,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      {
        extra: { AWSAccessKeyId: accessKeyId },
        head,
      },
    );
  return serviceError(
    service,
    'UnrecognizedClientException',
    'The security token included in the request is invalid.',
    {
      queryCode: 'InvalidClientTokenId',
    },
  );
}

/** A request with no signature at all. */
export function missingAuthentication(service: AwsService, head = false): ServiceAnswer {
  if (service === 's3') return serviceError(service, 'AccessDenied', 'Access Denied', { head });
  return serviceError(service, 'MissingAuthenticationTokenException', 'Missing Authentication Token', {
    queryCode: 'MissingAuthenticationToken',
  });
}

/** A call allowed by the role that has nowhere to go: no stand-in answers this service locally. */
export function noUpstream(service: AwsService, detail: string): ServiceAnswer {
  return {
    status: 502,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailableException' },
    body: JSON.stringify({ __type: 'ServiceUnavailableException', message: `${service}: ${detail}` }),
  };
}
