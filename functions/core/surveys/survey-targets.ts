import * as z from 'zod';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import { SURVEY_TARGET_ID_TYPES, SurveyTargetIdSchema } from '../../../shared/surveys/smart-survey.ts';
import { nowMs } from '../clock.ts';
import { listSurveyTargetPage, putSurveyTarget } from '../data/survey-repository.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { registerItemProcessor } from '../jobs/item-processors.ts';

/**
 * Survey targets (admin-console.md sections 2 and 7): a CSV of uids or cids added to a survey type
 * through the bulk-items queue (messages of 300). Writing a target is a put on its key, so a
 * redelivered message or a repeated upload changes nothing.
 */
export const SURVEY_TARGET_KIND = 'survey-target';

const ParamsSchema = z.object({ idType: z.enum(SURVEY_TARGET_ID_TYPES), surveyType: z.string().min(1) });

export async function enqueueSurveyTargets(input: {
  ids: readonly string[];
  idType: (typeof SURVEY_TARGET_ID_TYPES)[number];
  surveyType: string;
  createdBy: string;
}): Promise<{ jobId: string; total: number }> {
  const { jobId } = await enqueueJob({
    queueId: 'bulk-items',
    kind: SURVEY_TARGET_KIND,
    items: input.ids,
    params: { idType: input.idType, surveyType: input.surveyType },
    createdBy: input.createdBy,
  });
  return { jobId, total: input.ids.length };
}

registerItemProcessor(SURVEY_TARGET_KIND, async (item, rawParams) => {
  const params = ParamsSchema.parse(rawParams);
  const id = SurveyTargetIdSchema.safeParse(item);
  if (!id.success) return { ok: false, reason: 'Invalid id' };
  await putSurveyTarget({
    surveyType: params.surveyType,
    id: id.data,
    idType: params.idType,
    created: nowMs(),
  });
  return { ok: true };
});

/** The targets of a survey type, a page at a time (listSurveyTargetPage). */
export async function listSurveyTargets(
  surveyType: string,
  search: string | undefined,
  page: ListPageRequest,
) {
  const { rows, cursor } = await listSurveyTargetPage(surveyType, search, page);
  return { targets: rows.map(({ id, idType, created }) => ({ id, idType, surveyType, created })), cursor };
}
