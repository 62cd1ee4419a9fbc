import * as z from 'zod';
import { FEEDBACK_FILES_MAX, PROJECT_ID_PATTERN } from '../feedback/feedback-search.ts';
import { defineRoute } from './define-route.ts';

/** Feedback files and the copy of a cloud project for feedback (admin-console.md sections 2 and 7). */
export const FeedbackFileSchema = z.discriminatedUnion('found', [
  z.object({
    filename: z.string(),
    found: z.literal(true),
    /** A signed download link, valid one hour. */
    link: z.string(),
    lastModified: z.number(),
    size: z.number(),
  }),
  z.object({ filename: z.string(), found: z.literal(false) }),
]);
export type FeedbackFile = z.infer<typeof FeedbackFileSchema>;

export const adminFeedbackFilesInfo = defineRoute({
  name: 'adminFeedbackFilesInfo',
  service: 'auth',
  method: 'POST',
  path: '/admin-feedback-files-info',
  caller: 'admin',
  role: 'viewer',
  summary: 'For each file name, whether the feedback bucket has it, and then its download link and date',
  request: z.object({
    filenames: z.array(z.string().trim().min(1).max(1024)).min(1).max(FEEDBACK_FILES_MAX),
  }),
  response: z.object({ files: z.array(FeedbackFileSchema) }),
  handler: 'feedback/admin-feedback-files-info',
  grants: ['feedback-bucket:read'],
});

export const copyCloudProjectForFeedback = defineRoute({
  name: 'copyCloudProjectForFeedback',
  service: 'operator',
  method: 'POST',
  path: '/copy-cloud-project-for-feedback',
  caller: 'admin',
  role: 'support',
  summary:
    "Copy a cloud project's objects into the feedback bucket (under cloud/{projectId}/{copiedAt}/). " +
    "`result` is 'success' with where they went, or 'fail' with errorType and msg",
  request: z.object({
    projectId: z.string().regex(PROJECT_ID_PATTERN),
    requestedBy: z.string().trim().min(1).max(254),
  }),
  response: z.union([
    z.object({ result: z.literal('success'), prefix: z.string(), files: z.number() }),
    z.object({
      result: z.literal('fail'),
      errorType: z.enum(['PROJECT_NOT_FOUND', 'COPY_FAILED']),
      msg: z.string(),
    }),
  ]),
  handler: 'feedback/copy-cloud-project-for-feedback',
  grants: ['table:write', 'feedback-bucket:write', 'cloud-project-bucket:read'],
});

export const feedbackRoutes = [adminFeedbackFilesInfo, copyCloudProjectForFeedback] as const;
