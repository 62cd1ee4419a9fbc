/**
 * What the runtime host and the runtime loop in each function process (bootstrap.ts) tell each other about
 * an invocation's outgoing calls and its crash point under `npm start -- --lambda` (crash-points.ts has the
 * host's side and the `/_local/crash` control). Imports nothing: bootstrap.ts is bundled on its own.
 */

/**
 * Where an invocation's process is killed (SIGKILL, as a Lambda timeout, an out-of-memory or a host failure
 * ends it), its outgoing calls counted from 1 in the order they start:
 * - `{call: k, when: 'sent'}`: call k has left and its peer has answered (the peer did its work), but the
 *   code never sees the answer;
 * - `{call: k, when: 'answered'}`: the code has seen call k's answer, and nothing else leaves the process:
 *   it dies when the next call starts or when the handler ends, whichever comes first;
 * - `{handler: 'returned'}`: the handler has returned (or thrown), and its answer never reaches the
 *   Runtime API.
 */
export type CrashPoint = { call: number; when: 'sent' | 'answered' } | { handler: 'returned' };

/**
 * The header of the Runtime API's `/next` answer that carries the invocation's crash point (JSON), beside
 * Lambda's own `Lambda-Runtime-*` headers. This machine's own: Lambda never sends it.
 */
export const CRASH_POINT_HEADER = 'Cutloom-Local-Crash-Point';

/** Where the process was when it was killed. */
export type KilledBefore =
  /** The code had not seen call `call`'s answer (a `sent` point). */
  | { before: 'answer-seen'; call: number }
  /** Call `call` was about to leave (an `answered` point: the call after it). */
  | { before: 'call'; call: number }
  /** The handler had ended; its answer had not gone to the Runtime API. */
  | { before: 'response' };

/**
 * One line of a process's trace file (JSON lines, each written synchronously as it happens, so that a kill
 * loses none of them). Only an invocation's calls are traced, never the runtime's own Runtime API calls.
 */
export type TraceLine =
  | { kind: 'call'; requestId: string; call: number; method: string; url: string; target?: string }
  | { kind: 'answer'; requestId: string; call: number; status: number }
  | { kind: 'failed'; requestId: string; call: number; message: string }
  | ({ kind: 'killed'; requestId: string } & KilledBefore);
