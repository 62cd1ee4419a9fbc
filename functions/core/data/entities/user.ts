import { Entity, type EntityItem } from 'electrodb';
import { CLIENT_TYPES } from '../../../../shared/identity/client-types.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * An account: who the customer (or operator) is, how they sign in, and where they came from. Usage
 * counters and plans live in their own entities keyed by uid. Timestamps are epoch milliseconds.
 */
export const User = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'user', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        email: { type: 'string', required: true },
        /** normalizeEmail(email): the form lookups and uniqueness use. */
        emailKey: { type: 'string', required: true },
        /**
         * The console's user search (admin-console.md section 2): the normalised name, and the first
         * character of the name and e-mail keys, which spread the prefix indexes over many partitions.
         */
        nameKey: { type: 'string' },
        nameShard: { type: 'string' },
        emailShard: { type: 'string' },
        emailVerified: { type: 'boolean', required: true, default: false },
        /** scrypt hash (functions/core/identity/password.ts); absent for accounts of providers only. */
        passwordHash: { type: 'string' },
        providers: { type: 'list', items: { type: 'string' }, required: true },
        googleSub: { type: 'string' },
        /** The Kakao and Naver identities linked (each also a ProviderLink item, their lookup). */
        kakaoSub: { type: 'string' },
        naverSub: { type: 'string' },
        uiLanguage: { type: 'string', required: true },
        clientType: { type: CLIENT_TYPES, required: true },
        isMinor: { type: 'boolean', required: true, default: false },
        parentName: { type: 'string' },
        parentEmail: { type: 'string' },
        parentEmailVerified: { type: 'boolean' },
        assistEmail: { type: 'string' },
        referralType: { type: 'string' },
        referralCode: { type: 'string' },
        /** `created`, kept only on accounts with a referral type: the sort key of the sparse referral index. */
        referralSince: { type: 'number' },
        utmParams: {
          type: 'map',
          properties: {
            utm_source: { type: 'string' },
            utm_medium: { type: 'string' },
            utm_campaign: { type: 'string' },
            utm_term: { type: 'string' },
            utm_content: { type: 'string' },
          },
        },
        country: { type: 'string' },
        region: { type: 'string' },
        city: { type: 'string' },
        timezone: { type: 'string' },
        timezoneMin: { type: 'number' },
        cid: { type: 'string' },
        installCode: { type: 'string' },
        deviceId: { type: 'string' },
        deviceName: { type: 'string' },
        machineId: { type: 'string' },
        /** Present (>= 1) on operators: copied into their ID tokens, checked by every admin route. */
        adminLevel: { type: 'number' },
        /**
         * The product's own synthetic customer, the purchase canary (functions/core/canary): it may pay in
         * test mode on every level, release included. Set only by the canary account's job, never by a route.
         */
        testAccount: { type: 'boolean', readOnly: true },
        deleted: { type: 'boolean', required: true, default: false },
        /** When the customer deleted the account (functions/core/account-deletion): the console shows it. */
        deletedAt: { type: 'number' },
        /** A deleted account's pseudonymised item is purged with the records kept for it. */
        ttl: { type: 'number' },
        created: { type: 'number', required: true, readOnly: true },
        lastAccessed: { type: 'number' },
        /** The last time the account used a feature (set by usage recording; the console's "last use"). */
        lastUse: { type: 'number' },
        /** Bumped by a password reset: reset links made before it stop working, sessions before it end. */
        credentialsChangedAt: { type: 'number', required: true },
        /** When the last verification mail went out, so repeated sign-ups do not flood a mailbox. */
        verificationMailAt: { type: 'number' },
      },
      indexes: {
        byUid: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
        /** Exact name, or a name prefix, within the partition of its first character. */
        byNamePrefix: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['nameShard'] },
          sk: { field: 'gsi1sk', composite: ['nameKey', 'uid'] },
        },
        /** An e-mail prefix, within the partition of its first character (exact e-mails use UserEmail). */
        byEmailPrefix: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['emailShard'] },
          sk: { field: 'gsi2sk', composite: ['emailKey', 'uid'] },
        },
        /** The accounts of a referral type, newest first; only accounts with one are in it. */
        byReferralType: {
          index: 'gsi3',
          condition: (composite) => Boolean(composite.referralType && composite.referralSince),
          pk: { field: 'gsi3pk', composite: ['referralType'] },
          sk: { field: 'gsi3sk', composite: ['referralSince'] },
        },
      },
    }),
);
export type UserItem = EntityItem<ReturnType<typeof User>>;

/** Keeps addresses unique and finds an account by address: written in one transaction with the user. */
export const UserEmail = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'userEmail', version: '1', service: ENTITY_SERVICE },
      attributes: {
        emailKey: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true },
      },
      indexes: {
        byEmail: { pk: { field: 'pk', composite: ['emailKey'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);

/**
 * Which account a Kakao or Naver identity signs into (the provider's stable id for the person, `sub`):
 * the provider's address may change or be missing, the identity does not. Written in one transaction
 * with the account's own record of it; a link to a deleted account counts as none.
 */
export const ProviderLink = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'providerLink', version: '1', service: ENTITY_SERVICE },
      attributes: {
        provider: { type: 'string', required: true, readOnly: true },
        sub: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true },
        linkedAt: { type: 'number', required: true },
      },
      indexes: {
        byIdentity: {
          pk: { field: 'pk', composite: ['provider', 'sub'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    }),
);
