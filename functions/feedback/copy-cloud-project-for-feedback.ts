import { copyCloudProjectForFeedback } from '../../shared/api/feedback.ts';
import { recordUserActivity } from '../core/data/user-activity-repository.ts';
import { copyCloudProject } from '../core/feedback/feedback-files.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

/** The copy is recorded in the activities of the project's owner, when the manifest names one. */
export const handler = defineHandler(
  copyCloudProjectForFeedback,
  async ({ projectId, requestedBy }, context) => {
    const copied = await copyCloudProject(projectId);
    if (copied.result === 'fail') return copied;
    if (copied.ownerUid)
      await recordUserActivity({
        uid: copied.ownerUid,
        action: 'project.copy-for-feedback',
        desc: `${projectId} → ${copied.prefix} (${requestedBy})`,
        operator: operatorOf(context),
      });
    return { result: 'success' as const, prefix: copied.prefix, files: copied.files };
  },
);
