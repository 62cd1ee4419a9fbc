import { tableService } from './client.ts';
import {
  PendingSignUp,
  RefreshToken,
  SessionFamily as SessionFamilyEntity,
  type SessionFamilyItem,
} from './entities/session.ts';

const db = tableService({
  pendingSignUp: PendingSignUp,
  refreshToken: RefreshToken,
  sessionFamily: SessionFamilyEntity,
});

export type SessionFamily = SessionFamilyItem;

/** Starts a session: its family and its first refresh token, together. */
export async function createSessionFamily(
  family: Omit<SessionFamilyItem, 'revokedAt' | 'revokedWhy'>,
  tokenHash: string,
): Promise<void> {
  await db()
    .transaction.write(({ sessionFamily, refreshToken }) => [
      sessionFamily.create(family).commit(),
      refreshToken.create({ tokenHash, familyId: family.familyId, ttl: family.ttl }).commit(),
    ])
    .go();
}

export async function getRefreshToken(tokenHash: string) {
  const { data } = await db().entities.refreshToken.get({ tokenHash }).go();
  return data ?? undefined;
}

export async function getSessionFamily(familyId: string): Promise<SessionFamily | undefined> {
  const { data } = await db().entities.sessionFamily.get({ familyId }).go();
  return data ?? undefined;
}

type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** The writes every rotation ends with: the new token stored, if its family is not revoked. */
function storeSuccessor(
  { refreshToken, sessionFamily }: Pick<TransactionEntities, 'refreshToken' | 'sessionFamily'>,
  input: { successorHash: string; familyId: string; ttl: number },
) {
  return [
    refreshToken
      .create({ tokenHash: input.successorHash, familyId: input.familyId, ttl: input.ttl })
      .commit(),
    sessionFamily
      .check({ familyId: input.familyId })
      .where((attr, op) => op.notExists(attr.revokedAt))
      .commit(),
  ];
}

/**
 * Marks a token used and stores its successor, only if the token was unused and its family is not
 * revoked (one transaction, so two concurrent rotations cannot both succeed). False when refused.
 */
export async function rotateRefreshToken(input: {
  tokenHash: string;
  successorHash: string;
  familyId: string;
  usedAt: number;
  ttl: number;
}): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ refreshToken, sessionFamily }) => [
      refreshToken
        .patch({ tokenHash: input.tokenHash })
        .set({ usedAt: input.usedAt, successorHash: input.successorHash })
        .where((attr, op) => op.notExists(attr.usedAt))
        .commit(),
      ...storeSuccessor({ refreshToken, sessionFamily }, input),
    ])
    .go();
  return !canceled;
}

/**
 * Replaces the still-unused successor of a rotated token: the successor is withdrawn (only if still
 * unused), the token points at the new one, which is stored; all or nothing, family not revoked.
 */
export async function replaceUnusedSuccessor(input: {
  tokenHash: string;
  staleSuccessorHash: string;
  successorHash: string;
  familyId: string;
  now: number;
  ttl: number;
}): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ refreshToken, sessionFamily }) => [
      refreshToken
        .patch({ tokenHash: input.staleSuccessorHash })
        .set({ usedAt: input.now, withdrawn: true })
        .where((attr, op) => op.notExists(attr.usedAt))
        .commit(),
      refreshToken
        .patch({ tokenHash: input.tokenHash })
        .set({ successorHash: input.successorHash })
        .where((attr, op) => op.eq(attr.successorHash, input.staleSuccessorHash))
        .commit(),
      ...storeSuccessor({ refreshToken, sessionFamily }, input),
    ])
    .go();
  return !canceled;
}

export async function revokeSessionFamily(
  familyId: string,
  revokedAt: number,
  why: 'sign-out' | 'reuse',
): Promise<void> {
  await db()
    .entities.sessionFamily.patch({ familyId })
    .set({ revokedAt, revokedWhy: why })
    .where((attr, op) => op.notExists(attr.revokedAt))
    .go()
    .catch((error: unknown) => {
      // Already revoked: nothing to do.
      if (!String((error as Error).message).includes('conditional request failed')) throw error;
    });
}

export async function createPendingSignUp(idHash: string, uid: string, ttl: number): Promise<void> {
  await db().entities.pendingSignUp.create({ idHash, uid, ttl }).go();
}

export async function getPendingSignUp(idHash: string) {
  const { data } = await db().entities.pendingSignUp.get({ idHash }).go();
  return data ?? undefined;
}

/** Removes a pending sign-up; true only for the one caller that removed it (it is exchanged once). */
export async function takePendingSignUp(idHash: string): Promise<boolean> {
  try {
    await db()
      .entities.pendingSignUp.delete({ idHash })
      .where((attr, op) => op.exists(attr.uid))
      .go();
    return true;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return false;
    throw error;
  }
}
