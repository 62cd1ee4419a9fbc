import { adminFeedbackFilesInfo } from '../../shared/api/feedback.ts';
import { feedbackFilesInfo } from '../core/feedback/feedback-files.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminFeedbackFilesInfo, async ({ filenames }) => ({
  files: await feedbackFilesInfo(filenames),
}));
