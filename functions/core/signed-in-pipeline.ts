import { bearerToken, verifyIdToken } from './identity/id-token.ts';
import { routePipeline } from './pipeline.ts';
import { staffGate } from './staff/staff-gate.ts';

/**
 * The pipeline of user and admin routes: functions/core/pipeline.ts's, with the caller's ID token
 * verified before anything else, and for admin routes the staff gate (role, audit record). In a module of
 * its own so that public and guid routes, which import pipeline.ts, bundle neither jose nor the signing
 * secret's Secrets Manager client.
 */
export const defineHandler = routePipeline((headers) => verifyIdToken(bearerToken(headers)), staffGate);
