import * as z from 'zod';
import { PRODUCT_SLUG } from '../product.ts';
import type { SurveyLanguage } from './languages.ts';

/**
 * The onboarding survey form (admin-console.md sections 2, 3 and 5): a list of select and text
 * questions, a question optionally shown only when an earlier one got given answers. The console's
 * form builder edits it, exports it to a file or releases it; the apps load the released form.
 */
export const SURVEY_FORM_TYPES = ['onboarding'] as const;
export type SurveyFormType = (typeof SURVEY_FORM_TYPES)[number];

/** The release store's resource of survey forms, `{product}Survey`, and a form's id in it. */
export const SURVEY_FORM_RESOURCE = `${PRODUCT_SLUG}Survey`;
export function surveyFormReleaseId(type: SurveyFormType, language: SurveyLanguage): string {
  return `${type}_${language}`;
}

/** The text an operator types to release a form: exactly `{type}/{lang}`. */
export function releaseConfirmation(type: SurveyFormType, language: SurveyLanguage): string {
  return `${type}/${language}`;
}

/** The export's file name, `{type}_{lang}_{yyyymmdd}.json` (the date in the operator's KST day). */
export function surveyFormFileName(type: SurveyFormType, language: SurveyLanguage, yyyymmdd: string): string {
  return `${type}_${language}_${yyyymmdd}.json`;
}

const m = (key: string) => `console-surveys:form_file.${key}`;
const Text = z.string().max(1000);

/**
 * What one question may hold: the released form is one item of the table (400 KB), and the apps show
 * a question's options and examples as one list.
 */
export const SURVEY_QUESTION_LIMITS = { options: 50, examples: 20 } as const;

export const DependsOnSchema = z.object({
  questionId: z.string().min(1).max(64),
  requiredAnswerIds: z.array(z.string().min(1).max(64)).min(1).max(SURVEY_QUESTION_LIMITS.options),
});
export type DependsOn = z.infer<typeof DependsOnSchema>;

const QuestionBase = {
  id: z
    .string({ message: m('item_fields') })
    .trim()
    .min(1, m('item_fields'))
    .max(64),
  question: z
    .string({ message: m('item_fields') })
    .trim()
    .min(1, m('item_fields'))
    .max(1000),
  dependsOn: DependsOnSchema.optional(),
};

export const SelectQuestionSchema = z.object({
  ...QuestionBase,
  type: z.literal('select'),
  options: z
    .array(
      z.object({
        id: z.string().trim().min(1, m('option_answer')).max(64),
        answer: z
          .string({ message: m('option_answer') })
          .trim()
          .min(1, m('option_answer'))
          .max(500),
      }),
      { message: m('select_options') },
    )
    .min(1, m('select_options'))
    .max(SURVEY_QUESTION_LIMITS.options, m('too_many')),
  multiple: z.boolean().default(false),
  randomize: z.boolean().default(false),
});
export type SelectQuestion = z.output<typeof SelectQuestionSchema>;

export const TextQuestionSchema = z.object({
  ...QuestionBase,
  type: z.literal('text'),
  placeholder: z.string({ message: m('text_placeholder') }).max(500),
  examples: z.array(Text).max(SURVEY_QUESTION_LIMITS.examples, m('too_many')).optional(),
});
export type TextQuestion = z.output<typeof TextQuestionSchema>;

export const SurveyQuestionSchema = z.discriminatedUnion('type', [SelectQuestionSchema, TextQuestionSchema], {
  message: m('item_fields'),
});
export type SurveyQuestion = z.output<typeof SurveyQuestionSchema>;

/** The form as a file and as released: an object with a `surveys` array. */
export const SurveyFormSchema = z
  .object(
    { surveys: z.array(SurveyQuestionSchema, { message: m('surveys_array') }).max(200) },
    { message: m('surveys_array') },
  )
  .superRefine((form, context) => {
    const ids = form.surveys.map((question) => question.id);
    form.surveys.forEach((question, index) => {
      if (ids.indexOf(question.id) !== index)
        context.addIssue({ code: 'custom', path: ['surveys', index, 'id'], message: m('question_id_twice') });
      if (
        question.type === 'select' &&
        new Set(question.options.map((o) => o.id)).size !== question.options.length
      )
        context.addIssue({
          code: 'custom',
          path: ['surveys', index, 'options'],
          message: m('option_id_twice'),
        });
      const dependsOn = question.dependsOn;
      if (!dependsOn) return;
      // A question may depend only on an earlier select question, and on answers it offers.
      const target = form.surveys.slice(0, index).find((earlier) => earlier.id === dependsOn.questionId);
      const answers = target?.type === 'select' ? target.options.map((option) => option.id) : [];
      if (!target || dependsOn.requiredAnswerIds.some((answer) => !answers.includes(answer)))
        context.addIssue({ code: 'custom', path: ['surveys', index, 'dependsOn'], message: m('depends_on') });
    });
  });
export type SurveyForm = z.output<typeof SurveyFormSchema>;

/** The first problem of a would-be form file as an i18n key, or the form. */
export function readSurveyForm(
  json: unknown,
): { ok: true; form: SurveyForm } | { ok: false; message: string } {
  const parsed = SurveyFormSchema.safeParse(json);
  if (parsed.success) return { ok: true, form: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? m('invalid_json') };
}

/** A question's dependents: the questions that must go (or be edited) if it is deleted. */
export function dependentsOf(questions: readonly SurveyQuestion[], questionId: string): SurveyQuestion[] {
  return questions.filter((question) => question.dependsOn?.questionId === questionId);
}

export const SURVEY_FORM_MESSAGES = {
  invalidJson: m('invalid_json'),
  noSurveys: m('no_surveys'),
  wrongConfirmation: m('wrong_confirmation'),
  noSurveyFound: m('no_survey_found'),
} as const;
