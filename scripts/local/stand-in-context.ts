import type { IncomingMessage, ServerResponse } from 'node:http';

/** A handler of a developer endpoint under `/_local/`. */
export type LocalEndpointHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The seam between the local runtime and the stand-ins of outside services (SQS, EventBridge
 * Scheduler, SES, Google sign-in, the payment provider). Each stand-in is a module
 * `scripts/local/stand-ins/<name>.ts` exporting `start(ctx)`; the runtime starts every such module in
 * name order once the table is ready and the HTTP server listens, merges the `env` each returns into
 * the handlers' environment (endpoints such as SQS_ENDPOINT), and stops them on shutdown.
 */
export interface StandInContext {
  /** Serves `method path` (path under `/_local/`) from the runtime's own port. */
  registerLocalEndpoint(method: string, path: string, handler: LocalEndpointHandler): void;
  /**
   * Imports a module (path relative to the repository root) and calls its `handler(event, context)`,
   * with the function's timeout (`budgetMs`; a route's when not given).
   */
  invokeModule(modulePath: string, event: unknown, budgetMs?: number): Promise<unknown>;
  /** Folder for state that survives a restart with the database; undefined when nothing is kept (in-memory runs). */
  stateDir: string | undefined;
  /** The runtime's own URL, e.g. http://localhost:3000. */
  baseUrl: string;
}

export interface StandIn {
  env: Record<string, string>;
  stop(): Promise<void>;
}

export type StandInModule = { start(ctx: StandInContext): Promise<StandIn> };
