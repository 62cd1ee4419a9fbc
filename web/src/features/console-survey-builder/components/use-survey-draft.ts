import { useEffect, useState } from 'react';
import type { SurveyLanguage } from '../../../../../shared/surveys/languages.ts';
import {
  readSurveyForm,
  type SurveyFormType,
  type SurveyQuestion,
} from '../../../../../shared/surveys/survey-form.ts';

/**
 * The builder's working list, kept in this browser's local storage per type and language, so that a
 * reload (or a crash) restores it (section 2). A stored draft that no longer reads is dropped.
 */
const draftKey = (type: SurveyFormType, lang: SurveyLanguage) =>
  `cutloom.console.survey-draft.${type}_${lang}`;

function readDraft(type: SurveyFormType, lang: SurveyLanguage): SurveyQuestion[] {
  try {
    const read = readSurveyForm(JSON.parse(localStorage.getItem(draftKey(type, lang)) ?? '{"surveys":[]}'));
    return read.ok ? read.form.surveys : [];
  } catch {
    return [];
  }
}

export function useSurveyDraft(type: SurveyFormType, lang: SurveyLanguage) {
  const [questions, setQuestions] = useState<SurveyQuestion[]>(() => readDraft(type, lang));
  const [loadedFor, setLoadedFor] = useState(`${type}_${lang}`);
  if (loadedFor !== `${type}_${lang}`) {
    setLoadedFor(`${type}_${lang}`);
    setQuestions(readDraft(type, lang));
  }
  useEffect(() => {
    localStorage.setItem(draftKey(type, lang), JSON.stringify({ surveys: questions }));
  }, [type, lang, questions]);
  return [questions, setQuestions] as const;
}
