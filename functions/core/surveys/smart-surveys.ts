import { randomBytes } from 'node:crypto';
import type * as z from 'zod';
import type { SmartSurvey, SmartSurveyInputSchema } from '../../../shared/surveys/smart-survey.ts';
import { nowMs } from '../clock.ts';
import type { SmartSurveyItem } from '../data/entities/smart-survey.ts';
import { db } from '../data/service.ts';
import { NotFound } from '../errors.ts';

/** In-app surveys: stored whole, listed together (there are a handful at a time). */
type SurveyInput = z.output<typeof SmartSurveyInputSchema>;

function toSurvey(item: SmartSurveyItem): SmartSurvey {
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
  const { data } = await db().entities.smartSurvey.query.all({}).go({ pages: 'all' });
  return data.map(toSurvey);
}

export async function getSmartSurvey(sid: string): Promise<SmartSurvey> {
  const { data } = await db().entities.smartSurvey.get({ sid }).go();
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
  await db()
    .entities.smartSurvey.create({
      sid,
      ...fields(input),
      ...(input.displayMode ? { displayMode: input.displayMode } : {}),
      created: now,
      updated: now,
    })
    .go();
  return sid;
}

/** Replaces a survey's fields; a survey that is not there is NotFound (nothing is created). */
export async function updateSmartSurvey(sid: string, input: SurveyInput): Promise<SmartSurvey> {
  const current = await getSmartSurvey(sid);
  const changes = db()
    .entities.smartSurvey.patch({ sid })
    .set({ ...fields(input), updated: nowMs() });
  await (input.displayMode
    ? changes.set({ displayMode: input.displayMode })
    : changes.remove(['displayMode'])
  ).go();
  return { ...current, ...fields(input), ...(input.displayMode ? { displayMode: input.displayMode } : {}) };
}

export async function deleteSmartSurvey(sid: string): Promise<void> {
  await getSmartSurvey(sid);
  await db().entities.smartSurvey.delete({ sid }).go();
}
