import { useMutation } from '@tanstack/react-query';
import { copyCloudProjectForFeedback } from '../../../../../shared/api/feedback.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';

export const copyCloudProject = (projectId: string, requestedBy: string) =>
  adminCall(copyCloudProjectForFeedback, { projectId, requestedBy });

export const useCopyCloudProject = () =>
  useMutation({
    mutationFn: (input: { projectId: string; requestedBy: string }) =>
      copyCloudProject(input.projectId, input.requestedBy),
  });
