import type { FeedbackFile } from '../../../shared/api/feedback.ts';
import {
  CLOUD_PROJECT_MANIFEST,
  CLOUD_PROJECT_PREFIX,
  FEEDBACK_CLOUD_PREFIX,
} from '../../../shared/feedback/feedback-search.ts';
import { formatKst } from '../../../shared/time/kst.ts';
import {
  cloudProjectBucket,
  copyObject,
  feedbackBucket,
  headObject,
  listObjects,
  readObjectText,
  signedDownloadLink,
} from '../adapters/object-storage.ts';
import { nowMs } from '../clock.ts';
import { getUser } from '../data/user-repository.ts';
import { logger } from '../logger.ts';

/** Each name looked up in the feedback bucket: a signed link and its date, or not found. */
export async function feedbackFilesInfo(filenames: readonly string[]): Promise<FeedbackFile[]> {
  const bucket = feedbackBucket();
  return Promise.all(
    filenames.map(async (filename): Promise<FeedbackFile> => {
      const object = await headObject(bucket, filename);
      if (!object) return { filename, found: false };
      return {
        filename,
        found: true,
        link: await signedDownloadLink(bucket, filename),
        lastModified: object.lastModified,
        size: object.size,
      };
    }),
  );
}

export type CopyResult =
  | { result: 'success'; prefix: string; files: number; ownerUid: string | undefined }
  | { result: 'fail'; errorType: 'PROJECT_NOT_FOUND' | 'COPY_FAILED'; msg: string };

/**
 * Copies a cloud project (`projects/{projectId}/` of the cloud-project bucket, shared/feedback) into
 * the feedback bucket under `cloud/{projectId}/{copiedAt}/`, so a report can be reproduced on a copy
 * the customer's edits do not change. The owner named by its manifest is answered, for the activity.
 */
export async function copyCloudProject(projectId: string): Promise<CopyResult> {
  const source = `${CLOUD_PROJECT_PREFIX}${projectId}/`;
  const objects = await listObjects(cloudProjectBucket(), source);
  if (objects.length === 0)
    return { result: 'fail', errorType: 'PROJECT_NOT_FOUND', msg: `No cloud project ${projectId}` };
  const prefix = `${FEEDBACK_CLOUD_PREFIX}${projectId}/${formatKst(nowMs(), 'yyyyMMddHHmmss')}/`;
  try {
    for (const object of objects)
      await copyObject(
        { bucket: cloudProjectBucket(), key: object.key },
        { bucket: feedbackBucket(), key: `${prefix}${object.key.slice(source.length)}` },
      );
  } catch (error) {
    logger.error('Copying a cloud project for feedback failed', { projectId, error });
    return {
      result: 'fail',
      errorType: 'COPY_FAILED',
      msg: error instanceof Error ? error.message : String(error),
    };
  }
  return { result: 'success', prefix, files: objects.length, ownerUid: await projectOwner(source) };
}

async function projectOwner(source: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(
      (await readObjectText(cloudProjectBucket(), `${source}${CLOUD_PROJECT_MANIFEST}`)) ?? '{}',
    );
    const uid = typeof manifest.ownerUid === 'string' ? manifest.ownerUid : undefined;
    return uid && (await getUser(uid)) ? uid : undefined;
  } catch {
    return undefined;
  }
}
