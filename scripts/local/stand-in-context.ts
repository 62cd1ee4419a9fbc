import type { IncomingMessage, ServerResponse } from 'node:http';

/** A handler of a developer endpoint under `/_local/`. */
export type LocalEndpointHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The seam between the local runtime and the stand-ins of outside services (SQS, EventBridge
 * Scheduler, SES, Google sign-in, the payment provider). Each stand-in is a module
 * `scripts/local/stand-ins/<name>.ts` exporting `start(ctx)`; the runtime starts every such module in
 * name order once the table is ready and the HTTP server listens, merges the `env` each returns into
 * the handlers' environment (endpoints such as AWS_ENDPOINT_URL_SQS), and stops them on shutdown.
 */
export interface StandInContext {
  /** Serves `method path` (path under `/_local/`) from the runtime's own port. */
  registerLocalEndpoint(method: string, path: string, handler: LocalEndpointHandler): void;
  /**
   * Invokes a function with `event`. In the one-process runtime it imports `modulePath` (relative to the
   * repository root) and calls its `handler(event, context)` with the function's timeout (`budgetMs`; a
   * route's when not given). With `npm start -- --lambda` the bundle that `trigger` names in the cloud
   * assembly runs (scripts/local/lambda): the function an SQS queue's or the table stream's event source
   * mapping feeds, the function of an ARN (Scheduler, Lambda's asynchronous invoke), or a scheduled target
   * by its id. A failure of the function rejects.
   */
  invokeModule(
    modulePath: string,
    event: unknown,
    budgetMs?: number,
    trigger?: FunctionTrigger,
  ): Promise<unknown>;
  /** Folder for state that survives a restart with the database; undefined when nothing is kept (in-memory runs). */
  stateDir: string | undefined;
  /** The runtime's own URL, e.g. http://localhost:3000. */
  baseUrl: string;
}

/** What AWS invokes a function for, as the cloud assembly wires it. */
export type FunctionTrigger =
  | { queueArn: string }
  | { functionArn: string }
  | { scheduledTarget: string }
  /** The event source mapping on the stream of this table (by its name on this machine). */
  | { tableStream: string };

export interface StandIn {
  env: Record<string, string>;
  /** The credentials of an outside service a deployment keeps in Secrets Manager, by the secret's purpose. */
  secrets?: Record<string, Record<string, string>>;
  /**
   * With `npm start -- --lambda`: the values the deployment gives the functions' variables (a bucket's
   * name, a target's ARN), so that a stand-in answers to the deployment's names as well as its own.
   */
  adopt?(deployed: Readonly<Record<string, string>>): void;
  stop(): Promise<void>;
}

export type StandInModule = { start(ctx: StandInContext): Promise<StandIn> };
