import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AWS_SERVICES,
  type AwsService,
  authorizationRequests,
  MODELLED_CONDITION_KEYS,
  type RequestLocation,
  UnknownOperationError,
} from './aws-requests.ts';
import {
  type AuthorizationRequest,
  evaluate,
  type RoleIdentity,
  type StatementRef,
  UnsupportedPolicyError,
} from './policy-evaluator.ts';
import {
  accessDenied,
  missingAuthentication,
  noUpstream,
  type ServiceAnswer,
  sessionArn,
  unrecognizedKey,
} from './service-errors.ts';

/**
 * The permission check of `npm start -- --lambda`: one HTTP server per AWS service in front of DynamoDB
 * Local and the stand-ins. A function process's AWS_ENDPOINT_URL_<SERVICE> names it; every call is
 * authorized against the policies of the caller's role (known by the access key id of its SigV4 signature)
 * before it is forwarded unchanged, and a call the role does not allow is answered as that service answers
 * it in AWS, so the SDK in the function throws AccessDeniedException there too.
 */

export interface DeniedCall {
  functionName: string;
  roleArn: string;
  service: AwsService;
  action: string;
  resource: string;
  reason: 'explicit-deny' | 'no-allow';
  statement?: StatementRef;
  at: number;
  /** Set when the check itself could not decide (an operation or a policy construct it does not model). */
  unmodelled?: string;
}

export interface PermissionProxy {
  /** What goes into AWS_ENDPOINT_URL_<SERVICE> of a function process. */
  endpoints: Record<AwsService, string>;
  denied(): readonly DeniedCall[];
  onDenied(listener: (call: DeniedCall) => void): () => void;
  stop(): Promise<void>;
}

export interface PermissionProxyOptions extends Omit<RequestLocation, 'region' | 'account'> {
  /** Base URLs of DynamoDB Local and the stand-ins. */
  upstreams: Partial<Record<AwsService, string>>;
  region: string;
  account: string;
  /** The role of the function whose access key id signed the call (SigV4 Credential), if any. */
  identityOf(accessKeyId: string): RoleIdentity | undefined;
  /** Ports to listen on (0 or absent: any free port), so that a runtime can derive them from its own. */
  ports?: Partial<Record<AwsService, number>>;
  /** Where each denial is written, once (default: standard error). */
  log?: (line: string) => void;
}

/** The access key id and region of a SigV4 header signature or presigned URL. */
function credentialOf(req: IncomingMessage, url: URL): { accessKeyId: string; region?: string } | undefined {
  const authorization = req.headers.authorization;
  const credential = authorization
    ? /Credential=([^,\s]+)/.exec(authorization)?.[1]
    : (url.searchParams.get('X-Amz-Credential') ?? undefined);
  if (!credential) return undefined;
  const [accessKeyId = '', , region] = credential.split('/');
  return { accessKeyId, ...(region ? { region } : {}) };
}

function send(res: ServerResponse, answer: ServiceAnswer): void {
  res.writeHead(answer.status, {
    ...answer.headers,
    'content-length': String(Buffer.byteLength(answer.body)),
  });
  res.end(answer.body);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

export async function startPermissionProxy(options: PermissionProxyOptions): Promise<PermissionProxy> {
  const denials: DeniedCall[] = [];
  const listeners = new Set<(call: DeniedCall) => void>();
  const log = options.log ?? ((line: string) => console.error(line));
  const agent = new Agent({ keepAlive: true });
  const where: RequestLocation = {
    region: options.region,
    account: options.account,
    ...(options.tableKeys ? { tableKeys: options.tableKeys } : {}),
    ...(options.secretArns ? { secretArns: options.secretArns } : {}),
    ...(options.sesIdentities ? { sesIdentities: options.sesIdentities } : {}),
  };

  function record(call: DeniedCall): void {
    denials.push(call);
    const decided = call.statement
      ? ` (statement ${call.statement.sid ?? call.statement.index} of ${call.statement.policy})`
      : '';
    const why = call.unmodelled
      ? `the check cannot decide it: ${call.unmodelled}`
      : call.reason === 'explicit-deny'
        ? `an explicit deny${decided}`
        : 'no statement of its role allows it';
    log(
      `[permission check] ${call.functionName} (${call.roleArn}) was refused ${call.action} on ${call.resource}: ${why}`,
    );
    for (const listener of listeners) listener(call);
  }

  /** The first refused authorization of the call, or undefined when the role allows all of them. */
  function refusal(
    service: AwsService,
    identity: RoleIdentity,
    requests: readonly AuthorizationRequest[],
    region: string,
  ): DeniedCall | undefined {
    const global = {
      'aws:PrincipalArn': identity.roleArn,
      'aws:PrincipalAccount': identity.roleArn.split(':')[4] ?? options.account,
      'aws:PrincipalType': 'AssumedRole',
      'aws:RequestedRegion': region,
      // What ships calls AWS over HTTPS.
      'aws:SecureTransport': 'true',
    };
    const base = { functionName: identity.functionName, roleArn: identity.roleArn, service, at: Date.now() };
    for (const request of requests) {
      try {
        const decision = evaluate(
          identity.policies,
          { ...request, context: { ...global, ...request.context } },
          { knownConditionKeys: MODELLED_CONDITION_KEYS },
        );
        if (decision.allowed) continue;
        return {
          ...base,
          action: request.action,
          resource: request.resource,
          reason: decision.reason,
          ...(decision.reason === 'explicit-deny' ? { statement: decision.statement } : {}),
        };
      } catch (error) {
        if (!(error instanceof UnsupportedPolicyError)) throw error;
        return {
          ...base,
          action: request.action,
          resource: request.resource,
          reason: 'no-allow',
          unmodelled: error.message,
        };
      }
    }
    return undefined;
  }

  function forward(service: AwsService, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const upstream = options.upstreams[service];
    if (!upstream) {
      log(
        `[permission check] ${service}: allowed, but no local stand-in answers it (${req.method} ${req.url})`,
      );
      send(res, noUpstream(service, 'no local stand-in answers this service'));
      return;
    }
    const base = new URL(upstream);
    const outgoing = httpRequest(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        path: `${base.pathname.replace(/\/$/, '')}${req.url ?? '/'}`,
        method: req.method,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outgoing.on('error', (error) => {
      log(`[permission check] ${service}: the stand-in at ${upstream} did not answer: ${error.message}`);
      if (!res.headersSent) send(res, noUpstream(service, error.message));
      else res.destroy(error);
    });
    outgoing.end(body);
  }

  async function handle(service: AwsService, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const head = req.method === 'HEAD';
    // A browser's CORS preflight carries no signature and S3 authorizes none: its answer is the bucket's CORS.
    if (service === 's3' && req.method === 'OPTIONS') return forward(service, req, res, body);

    const credential = credentialOf(req, url);
    if (!credential) {
      log(`[permission check] ${service}: refused an unsigned ${req.method} ${url.pathname}`);
      return send(res, missingAuthentication(service, head));
    }
    const identity = options.identityOf(credential.accessKeyId);
    if (!identity) {
      log(
        `[permission check] ${service}: refused a call signed by the unknown access key ${credential.accessKeyId}`,
      );
      return send(res, unrecognizedKey(service, credential.accessKeyId, head));
    }

    let denial: DeniedCall | undefined;
    try {
      const requests = authorizationRequests(
        service,
        { method: req.method ?? 'GET', url, headers: flatHeaders(req), body },
        where,
      );
      denial = refusal(service, identity, requests, credential.region ?? options.region);
    } catch (error) {
      if (!(error instanceof UnknownOperationError)) throw error;
      denial = {
        functionName: identity.functionName,
        roleArn: identity.roleArn,
        service,
        action: `${service === 'sesv2' ? 'ses' : service}:${error.operation}`,
        resource: '*',
        reason: 'no-allow',
        at: Date.now(),
        unmodelled: error.message,
      };
    }
    if (!denial) return forward(service, req, res, body);
    record(denial);
    send(
      res,
      accessDenied(service, {
        principal: sessionArn(identity.roleArn, identity.functionName),
        action: denial.action,
        resource: denial.resource,
        reason: denial.reason,
        head,
        ...(denial.unmodelled ? { unmodelled: denial.unmodelled } : {}),
      }),
    );
  }

  const servers = new Map<AwsService, Server>();
  const endpoints = {} as Record<AwsService, string>;
  try {
    for (const service of AWS_SERVICES) {
      const server = createServer((req, res) => {
        handle(service, req, res).catch((error: unknown) => {
          // Not a refusal: a fault of the check itself, which must not pass for the service's answer.
          log(
            `[permission check] ${service}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
          if (!res.headersSent)
            send(res, noUpstream(service, `the permission check failed: ${String(error)}`));
          else res.destroy();
        });
      });
      servers.set(service, server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.ports?.[service] ?? 0, '127.0.0.1', () => resolve());
      });
      endpoints[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  } catch (error) {
    await Promise.all([...servers.values()].map((server) => new Promise((resolve) => server.close(resolve))));
    throw error;
  }

  return {
    endpoints,
    denied: () => [...denials],
    onDenied(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      await Promise.all(
        [...servers.values()].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      agent.destroy();
    },
  };
}
