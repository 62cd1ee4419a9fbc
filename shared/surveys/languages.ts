/** The languages surveys are written in (admin-console.md section 9): the apps' language codes. */
export const SURVEY_LANGUAGES = ['ko', 'en', 'ja', 'es', 'zh'] as const;
export type SurveyLanguage = (typeof SURVEY_LANGUAGES)[number];
