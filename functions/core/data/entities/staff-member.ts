import { Entity, type EntityItem } from 'electrodb';
import { STAFF_ROLES, STAFF_STATUSES } from '../../../../shared/staff/staff-roles.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * A member of staff (issue 27): the role the pipeline reads on every admin call, the state of the
 * account (invited, active, disabled) and its second factor. The account itself (e-mail, password) is the
 * User of the same uid. The TOTP secret never leaves the server after enrolment; recovery codes are kept
 * as SHA-256 hashes (they are random, 50 bits each, so a fast hash is enough, as for refresh tokens).
 */
export const StaffMember = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'staffMember', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        role: { type: STAFF_ROLES, required: true },
        status: { type: STAFF_STATUSES, required: true },
        created: { type: 'number', required: true, readOnly: true },
        invitedByEmail: { type: 'string' },
        /** The confirmed TOTP secret (base32); absent until the first sign-in's enrolment is confirmed. */
        totpSecret: { type: 'string' },
        /** A secret shown for enrolment and not yet confirmed by a code. */
        totpPendingSecret: { type: 'string' },
        totpEnrolledAt: { type: 'number' },
        /** The last TOTP time step accepted: a code of that step or an earlier one is never taken again. */
        totpLastStep: { type: 'number' },
        recoveryCodeHashes: { type: 'set', items: 'string' },
        /** ID tokens issued before this instant (ms) are refused and sessions begun before it end. */
        sessionsEndedAt: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        byUid: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
        /** Every member of staff by e-mail: the staff page. */
        byEmail: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['email', 'uid'] },
        },
      },
    }),
);
export type StaffMemberItem = EntityItem<ReturnType<typeof StaffMember>>;

/**
 * How many active admins there are: every change that adds or removes one moves it in the same
 * transaction, and a removal is conditional on more than one, so two admins demoting each other at once
 * cannot leave none (the second transaction finds the count at one, or conflicts with the first).
 */
export const StaffAdminCount = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'staffAdminCount', version: '1', service: ENTITY_SERVICE },
      attributes: {
        count: { type: 'number', required: true },
      },
      indexes: {
        single: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
