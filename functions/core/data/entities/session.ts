import { Entity, type EntityItem } from 'electrodb';
import { CLIENT_TYPES } from '../../../../shared/identity/client-types.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * A signed-in session: the family of refresh tokens that descend from one sign-in. Revoking it ends
 * every token of the family (sign-out, reuse of a rotated token).
 */
export const SessionFamily = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'sessionFamily', version: '1', service: ENTITY_SERVICE },
      attributes: {
        familyId: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        clientType: { type: CLIENT_TYPES, required: true, readOnly: true },
        persist: { type: 'boolean', required: true, readOnly: true },
        created: { type: 'number', required: true, readOnly: true },
        /** The session's absolute end (epoch ms); refreshing never extends it. */
        expiresAt: { type: 'number', required: true, readOnly: true },
        /** A console session of a member of staff that passed the second factor: its ID tokens carry `amr` otp. */
        secondFactor: { type: 'boolean', readOnly: true },
        revokedAt: { type: 'number' },
        revokedWhy: { type: ['sign-out', 'reuse'] as const },
        ttl: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['familyId'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type SessionFamilyItem = EntityItem<ReturnType<typeof SessionFamily>>;

/**
 * One refresh token, stored only as its SHA-256. `usedAt` is set when it is rotated, with the hash of
 * the token that replaced it; `withdrawn` marks a successor taken back because its answer never
 * reached the browser (see refreshSession).
 */
export const RefreshToken = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'refreshToken', version: '1', service: ENTITY_SERVICE },
      attributes: {
        tokenHash: { type: 'string', required: true, readOnly: true },
        familyId: { type: 'string', required: true, readOnly: true },
        usedAt: { type: 'number' },
        successorHash: { type: 'string' },
        withdrawn: { type: 'boolean' },
        ttl: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type RefreshTokenItem = EntityItem<ReturnType<typeof RefreshToken>>;

/**
 * A sign-up waiting for its e-mail verification: the pending page holds the id (stored as SHA-256)
 * and exchanges it once for a session when the account is verified.
 */
export const PendingSignUp = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'pendingSignUp', version: '1', service: ENTITY_SERVICE },
      attributes: {
        idHash: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        ttl: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['idHash'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);

/**
 * Failed sign-ins of one scope (an account's address, or a client address) in one fixed window;
 * the limiter weighs the previous window in (a sliding-window estimate).
 */
export const SignInFailures = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'signInFailures', version: '1', service: ENTITY_SERVICE },
      attributes: {
        scope: { type: 'string', required: true, readOnly: true },
        windowStart: { type: 'number', required: true, readOnly: true },
        count: { type: 'number', required: true, default: 0 },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byWindow: {
          pk: { field: 'pk', composite: ['scope'] },
          sk: { field: 'sk', composite: ['windowStart'] },
        },
      },
    }),
);
