import type * as z from 'zod';

/** Service prefixes of the API; each is one stateless stack in AWS and one prefix on the gateway. */
export const SERVICES = ['auth', 'payment', 'operator', 'cowork'] as const;
export type Service = (typeof SERVICES)[number];

/**
 * Who may call a route:
 * - public: anyone;
 * - user: a signed-in account holder (Bearer ID token);
 * - guid: whoever holds a payment-session guid (the guid in the request is the credential);
 * - admin: an operator (Bearer ID token with an admin level).
 */
export const CALLER_KINDS = ['public', 'user', 'guid', 'admin'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Staff roles, for admin routes: viewer reads only; support acts on accounts (account actions, e-mails,
 * usage grants up to a configured size); finance handles money (refunds, deposits, payment progress, custom
 * plans, the finance view); admin does everything, including staff, configs, coupons, affiliates, schedules,
 * surveys and bulk jobs.
 */
export const STAFF_ROLES = ['viewer', 'support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * One API route, declared once. The request schema covers the whole input: path parameters
 * (named `{x}` in the path), the query string (GET and DELETE) and the JSON body (POST and PUT),
 * merged into one object. The response schema is the body of a successful answer.
 */
/**
 * A schema of either zod flavour: classic, or zod/mini for contracts that the public pages import
 * (mini tree-shakes, so a marketing page does not ship the whole of zod classic).
 */
export type Schema = z.core.$ZodType;

export interface RouteDefinition<Req extends Schema = Schema, Res extends Schema = Schema> {
  /** Stable name, used for the Lambda's logical id and the OpenAPI operationId. */
  readonly name: string;
  readonly service: Service;
  readonly method: HttpMethod;
  /** Path below the service prefix, e.g. `/admin-config/{id}`. */
  readonly path: string;
  readonly caller: CallerKind;
  /**
   * Admin routes only, and required there (shared/staff/staff-roles.ts `routeTableProblems`): the staff
   * role the route needs (see STAFF_ROLES). The pipeline enforces it, the console hides or disables what
   * the signed-in role cannot call, the OpenAPI document shows it as `x-role`.
   */
  readonly role?: StaffRole;
  /**
   * Admin routes only: the route changes nothing, so it leaves no audit record. A viewer route is a read
   * whatever this says; every other admin route is a staff write and the pipeline records each call
   * (functions/core/audit/).
   */
  readonly readOnly?: true;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  /** Handler module below `functions/`, without extension, e.g. `payment/get-payment-plan-info-v2`. */
  readonly handler: string;
  /**
   * The body encodings a POST or PUT route takes, when not JSON alone: a caller that is not our web (a
   * provider's notification) may send a form instead.
   */
  readonly bodyTypes?: readonly BodyType[];
  /**
   * A caller that posts a JSON array rather than an object (SOLAPI's delivery report): the array becomes
   * this field of the input.
   */
  readonly arrayBody?: string;
  /** What the handler touches in AWS beyond nothing, so the stacks grant exactly that. */
  readonly grants?: readonly RouteGrant[];
  /**
   * Lambda memory in MB when the default (DEFAULT_MEMORY_MB) is not enough; CPU grows with it, so routes
   * that hash passwords ask for a whole vCPU (1769 MB).
   */
  readonly memoryMb?: number;
}

/** A function's Lambda memory unless its route asks for more (infra/bundling.ts). */
export const DEFAULT_MEMORY_MB = 512;

export const JSON_BODY = 'application/json';
export const FORM_BODY = 'application/x-www-form-urlencoded';
export type BodyType = typeof JSON_BODY | typeof FORM_BODY;

/** The body encodings a route takes (JSON unless it declares others). */
export function bodyTypesOf(route: Pick<RouteDefinition, 'bodyTypes'>): readonly BodyType[] {
  return route.bodyTypes ?? [JSON_BODY];
}

/** Least-privilege grants a route's Lambda receives. */
export type RouteGrant =
  | 'table:read'
  | 'table:write'
  | 'queue:bulk'
  | 'scheduler'
  | 'feedback-bucket:read'
  /** Writes into the feedback bucket (cloud projects copied for feedback). */
  | 'feedback-bucket:write'
  /** Reads the customers' cloud projects. */
  | 'cloud-project-bucket:read'
  /**
   * Sends mail (SES), and the customer notices' 알림톡 of a Korean customer: the SMS service's credentials
   * and the KakaoTalk channel's settings (functions/core/mails/customer-mails.ts sends both).
   */
  | 'mail:send'
  /** The payment provider's and the wallet's credentials (charges, lookups, cancels, billing keys). */
  | 'payment:provider'
  /** The public checkout settings: the provider's merchant code and the wallet page. */
  | 'payment:checkout'
  /** The SMS service's credentials and sender number. */
  | 'sms:send'
  /** Signs ID tokens or link tokens (reads the signing key). */
  | 'token:sign'
  /** Kakao's and Naver's sign-in clients (their ids and the secrets a code exchange needs). */
  | 'oauth:providers'
  /** Puts analytics events on the delivery stream. */
  | 'analytics:put'
  /** Asks the public holiday service (a refund's business-day cutoff, a tax invoice's deadline). */
  | 'holidays:read'
  /** Popbill's credentials and the supplier's details: issues tax invoices, checks a business's state. */
  | 'tax-invoice:issue';

export type RouteInput<R extends RouteDefinition> = z.input<R['request']>;
export type RouteParsedInput<R extends RouteDefinition> = z.output<R['request']>;
export type RouteOutput<R extends RouteDefinition> = z.output<R['response']>;

/**
 * Where a route is, without its schemas: all a browser page needs to call it. The public pages call
 * through addresses (shared/api/public-addresses.ts) so that they ship no zod; the route type rides
 * along for the input and output types, and a unit test keeps each address equal to its route.
 */
export type RouteAddress<R extends RouteDefinition = RouteDefinition> = Pick<
  R,
  'name' | 'service' | 'method' | 'path' | 'caller'
> & { readonly route?: R };

export function addressOf<R extends RouteDefinition>(
  address: Pick<R, 'name' | 'service' | 'method' | 'path' | 'caller'>,
): RouteAddress<R> {
  return address;
}

export function defineRoute<Req extends Schema, Res extends Schema>(
  route: RouteDefinition<Req, Res>,
): RouteDefinition<Req, Res> {
  return route;
}

/** The full public path of a route: `/payment/get-payment-plan-info-v2`. */
export function routePath(route: Pick<RouteDefinition, 'service' | 'path'>): string {
  return `/${route.service}${route.path}`;
}

/** Names of the `{x}` parameters of a path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string);
}

/** Fills `{x}` parameters of a route's path from an input object. */
export function fillPath(
  route: Pick<RouteDefinition, 'service' | 'path'>,
  input: Record<string, unknown>,
): string {
  return routePath(route).replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(input[name] ?? '')),
  );
}

/** Whether the method carries its input in the query string rather than a JSON body. */
export function usesQueryString(method: HttpMethod): boolean {
  return method === 'GET' || method === 'DELETE';
}
