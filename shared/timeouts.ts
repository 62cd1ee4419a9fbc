/**
 * The server's time limits, in one place: the CDK gives every route's Lambda its timeout from here,
 * the local gateway kills a handler at that same moment as Lambda does, and the adapters give up on an
 * outside service early enough that the function is still alive to record what happened.
 *
 * The budget of the longest route: a charge whose outcome is unknown is looked up by its merchant_uid
 * before the answer (outside-call timeouts: an access token, the charge, the lookup), then the grant's
 * table writes. Three outside calls must end well inside the function's time, with room for the writes;
 * API Gateway's HTTP API gives up on an integration after 30 s, so the function must end before that.
 */

/** One call to an outside service (payment provider, wallet, SMS): it gives up after this long. */
export const OUTSIDE_CALL_TIMEOUT_MS = 5_000;

/** Every route's Lambda: three outside calls and the records they lead to. */
export const ROUTE_TIMEOUT_SECONDS = 20;

/**
 * After a charge whose outcome is unknown, how long the provider may still be taking it: until then a
 * lookup that finds nothing proves nothing (the charge may be landing), after it nothing means the
 * charge never reached the provider and may be made again.
 */
export const CHARGE_SETTLE_MS = 4 * OUTSIDE_CALL_TIMEOUT_MS;

/**
 * How long a function keeps a secret it read (Powertools Parameters' cache): a rotated value reaches every
 * warm container within this, and until then the previous key stays accepted (shared/secrets/rotating-secret.ts).
 */
export const SECRET_CACHE_SECONDS = 300;
