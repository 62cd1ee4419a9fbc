import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent, type ClientRequest } from 'node:http';

/**
 * Lambda stops a function that reaches its timeout wherever it is: nothing the function would still
 * have done happens, and API Gateway answers the caller 500 (a function error; AWS Knowledge Center,
 * "Why do I get 'Internal server error' from an API Gateway API with a Lambda integration": an
 * unhandled error includes the function timing out). Handlers run here in the runtime's own process,
 * so an invocation past its time is frozen instead: every HTTP request it starts afterwards (the
 * table, the stand-ins, the payment sandbox; node:http through its agents, and fetch) never leaves and
 * never answers, so whatever it awaits next never resumes it, as in a process that is gone. A request
 * already on its way when the time ran out still arrives, as it would from a Lambda.
 */
interface Invocation {
  frozen: boolean;
}

const invocations = new AsyncLocalStorage<Invocation>();
const frozen = () => invocations.getStore()?.frozen === true;
const never = <T>() => new Promise<T>(() => undefined);

let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  // Every node:http request with an agent (the AWS SDK's and the global one, https's included) is
  // handed to its agent before a socket is chosen: destroyed there, not a byte is written.
  // addRequest is the agents' own (undocumented, stable since Node 0.x) entry for a new request.
  const agents = Agent.prototype as unknown as {
    addRequest: (this: Agent, request: ClientRequest, ...rest: unknown[]) => void;
  };
  const addRequest = agents.addRequest;
  agents.addRequest = function addRequestUnlessFrozen(request, ...rest) {
    if (frozen()) {
      request.destroy();
      return;
    }
    addRequest.call(this, request, ...rest);
  };
  const fetchNow = globalThis.fetch;
  globalThis.fetch = (input, init) => (frozen() ? never<Response>() : fetchNow(input, init));
}

export const TIMED_OUT = Symbol('timed out');

/**
 * Runs one invocation with Lambda's time limit: its result, or TIMED_OUT once `budgetMs` has passed,
 * after which the invocation is frozen.
 */
export async function invokeWithin<T>(
  budgetMs: number,
  invoke: () => Promise<T>,
): Promise<T | typeof TIMED_OUT> {
  install();
  const invocation: Invocation = { frozen: false };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      invocation.frozen = true;
      resolve(TIMED_OUT);
    }, budgetMs);
  });
  try {
    return await Promise.race([invocations.run(invocation, invoke), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
