import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFeedbackFilesInfo } from '../../../../../shared/api/feedback.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getFeedbackFiles = (filenames: string[]) => adminCall(adminFeedbackFilesInfo, { filenames });

export const feedbackFilesQueryOptions = (filenames: string[]) =>
  queryOptions({
    queryKey: adminKey('feedback-files', filenames),
    queryFn: () => getFeedbackFiles(filenames),
  });

export const useFeedbackFiles = (filenames: string[]) =>
  useQuery({ ...feedbackFilesQueryOptions(filenames), enabled: filenames.length > 0 });
