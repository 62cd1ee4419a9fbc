import { randomBytes } from 'node:crypto';
import type * as z from 'zod';
import type { SmartSurvey, SmartSurveyInputSchema } from '../../../shared/surveys/smart-survey.ts';
import { nowMs } from '../clock.ts';
import {
  createSmartSurveyRecord,
  deleteSmartSurveyRecord,
  getSmartSurveyRecord,
  listSmartSurveyRecords,
  type SmartSurveyRecord,
  updateSmartSurveyRecord,
} from '../data/survey-repository.ts';
import { NotFound } from '../errors.ts';

/** In-app surveys: stored whole, listed together (there are a handful at a time). */
type SurveyInput = z.output<typeof SmartSurveyInputSchema>;

function toSurvey(item: SmartSurveyRecord): SmartSurvey {
  return {
    sid: item.sid,
    surveyType: item.surveyType,
    actionType: item.actionType,
    ...(item.displayMode ? { displayMode: item.displayMode } : {}),
    locates: item.locates.map((locate) =>
      Object.fromEntries(Object.entries(locate).filter(([, value]) => value !== undefined)),
    ) as SmartSurvey['locates'],
    timingTypes: item.timingTypes,
    expireDate: item.expireDate,
    created: item.created,
    updated: item.updated,
  };
}

/** A short, URL-safe, time-ordered survey id. */
function newSid(): string {
  return `${nowMs().toString(36)}${randomBytes(3).toString('hex')}`;
}

export async function listSmartSurveys(): Promise<SmartSurvey[]> {
  return (await listSmartSurveyRecords()).map(toSurvey);
}

export async function getSmartSurvey(sid: string): Promise<SmartSurvey> {
  const data = await getSmartSurveyRecord(sid);
  if (!data) throw new NotFound(`Survey ${sid}`);
  return toSurvey(data);
}

function fields(input: SurveyInput) {
  return {
    surveyType: input.surveyType,
    actionType: input.actionType,
    locates: input.locates,
    timingTypes: input.timingTypes,
    expireDate: input.expireDate,
  };
}

export async function createSmartSurvey(input: SurveyInput): Promise<string> {
  const sid = newSid();
  const now = nowMs();
  await createSmartSurveyRecord({
    sid,
    ...fields(input),
    ...(input.displayMode ? { displayMode: input.displayMode } : {}),
    created: now,
    updated: now,
  });
  return sid;
}

/** Replaces a survey's fields; a survey that is not there is NotFound (nothing is created). */
export async function updateSmartSurvey(sid: string, input: SurveyInput): Promise<SmartSurvey> {
  const current = await getSmartSurvey(sid);
  await updateSmartSurveyRecord(sid, { ...fields(input), updated: nowMs() }, input.displayMode);
  return { ...current, ...fields(input), ...(input.displayMode ? { displayMode: input.displayMode } : {}) };
}

export async function deleteSmartSurvey(sid: string): Promise<void> {
  await getSmartSurvey(sid);
  await deleteSmartSurveyRecord(sid);
}
