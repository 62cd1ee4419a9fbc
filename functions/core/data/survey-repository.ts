import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import { tableService } from './client.ts';
import {
  SmartSurvey,
  type SmartSurveyItem,
  SurveyTarget as SurveyTargetEntity,
  type SurveyTargetItem,
} from './entities/smart-survey.ts';
import { type Page, pagedQuery, pageOptions, readPage } from './list-page.ts';

const db = tableService({ smartSurvey: SmartSurvey, surveyTarget: SurveyTargetEntity });

/** In-app surveys (stored whole, a handful at a time) and the accounts or clients each survey type targets. */
export type SmartSurveyRecord = SmartSurveyItem;
export type SurveyTarget = SurveyTargetItem;

export async function listSmartSurveyRecords(): Promise<SmartSurveyRecord[]> {
  const { data } = await db().entities.smartSurvey.query.all({}).go({ pages: 'all' });
  return data;
}

export async function getSmartSurveyRecord(sid: string): Promise<SmartSurveyRecord | undefined> {
  const { data } = await db().entities.smartSurvey.get({ sid }).go();
  return data ?? undefined;
}

export async function createSmartSurveyRecord(survey: SmartSurveyRecord): Promise<void> {
  await db().entities.smartSurvey.create(survey).go();
}

/** Replaces a survey's fields; an absent display mode is removed. */
export async function updateSmartSurveyRecord(
  sid: string,
  changes: Omit<SmartSurveyRecord, 'sid' | 'created' | 'displayMode'>,
  displayMode: SmartSurveyRecord['displayMode'],
): Promise<void> {
  const patch = db().entities.smartSurvey.patch({ sid }).set(changes);
  await (displayMode ? patch.set({ displayMode }) : patch.remove(['displayMode'])).go();
}

export async function deleteSmartSurveyRecord(sid: string): Promise<void> {
  await db().entities.smartSurvey.delete({ sid }).go();
}

/** A put on the target's key: a redelivered message or a repeated upload changes nothing. */
export async function putSurveyTarget(target: SurveyTarget): Promise<void> {
  await db().entities.surveyTarget.put(target).go();
}

/**
 * The targets of a survey type in id order, optionally those whose id starts with `search`, a page at
 * a time (a search is a list of its own: its cursor does not continue another search).
 */
export async function listSurveyTargetPage(
  surveyType: string,
  search: string | undefined,
  page: ListPageRequest,
): Promise<Page<SurveyTarget>> {
  const { surveyTarget } = db().entities;
  const query = surveyTarget.query.bySurveyType({ surveyType });
  return readPage(
    `survey-targets-${surveyType}-${search ?? ''}`,
    [
      pagedQuery(surveyTarget, 'bySurveyType', (round) =>
        (search ? query.begins({ id: search }) : query).go(pageOptions(round)),
      ),
    ],
    page,
  );
}
