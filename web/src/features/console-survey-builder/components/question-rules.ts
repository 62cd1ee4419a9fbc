import * as z from 'zod';
import { SURVEY_QUESTION_LIMITS, type SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';

/**
 * The question editors' rules (section 5): id and question required, option ids unique, and (so the
 * form stays valid) the id unique in the list. Messages are keys of `console-surveys:builder`.
 */
const m = (key: string) => `console-surveys:builder.validation.${key}`;

/** What both question editors are given: the question (none for a new one), the list around it. */
export interface QuestionDialogProps {
  question?: SurveyQuestion | undefined;
  /** The questions before it: the ones it may depend on. */
  earlier: readonly SurveyQuestion[];
  /** The ids of the other questions, which its id must not take. */
  takenIds: readonly string[];
  onSave: (question: SurveyQuestion) => void;
  onClose: () => void;
}

export interface DependsOnValues {
  questionId: string;
  requiredAnswerIds: string[] | false;
}

export interface SelectValues {
  id: string;
  question: string;
  options: { id: string; answer: string }[];
  multiple: boolean;
  randomize: boolean;
  dependsOn: DependsOnValues;
}

export interface TextValues {
  id: string;
  question: string;
  placeholder: string;
  examples: string;
  dependsOn: DependsOnValues;
}

const dependsOnRule = z
  .object({ questionId: z.string(), requiredAnswerIds: z.union([z.array(z.string()), z.literal(false)]) })
  .transform((value) => ({ questionId: value.questionId, requiredAnswerIds: value.requiredAnswerIds || [] }))
  .refine((value) => !value.questionId || value.requiredAnswerIds.length > 0, m('depends_on_answers'))
  .transform((value) => (value.questionId ? value : undefined));

const base = (takenIds: readonly string[]) => ({
  id: z
    .string()
    .trim()
    .min(1, m('id'))
    .max(64, m('id'))
    .refine((id) => !takenIds.includes(id), m('id_taken')),
  question: z.string().trim().min(1, m('question')).max(1000),
  dependsOn: dependsOnRule,
});

export const selectRule = (takenIds: readonly string[]) =>
  z
    .object({
      ...base(takenIds),
      options: z
        .array(
          z.object({
            id: z.string().trim().min(1, m('option_id')).max(64),
            answer: z.string().trim().min(1, m('option_answer')).max(500),
          }),
        )
        .min(1, m('options'))
        .max(SURVEY_QUESTION_LIMITS.options),
      multiple: z.boolean(),
      randomize: z.boolean(),
    })
    .superRefine((value, context) => {
      const ids = value.options.map((option) => option.id);
      ids.forEach((id, index) => {
        if (ids.indexOf(id) !== index)
          context.addIssue({
            code: 'custom',
            path: ['options', index, 'id'],
            message: m('option_id_unique'),
          });
      });
    })
    .transform(
      ({ dependsOn, ...question }): SurveyQuestion => ({
        ...question,
        type: 'select',
        ...(dependsOn ? { dependsOn } : {}),
      }),
    );

/** The examples the textarea holds, one per non-empty line. */
const exampleLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const textRule = (takenIds: readonly string[]) =>
  z
    .object({
      ...base(takenIds),
      placeholder: z.string().max(500),
      examples: z
        .string()
        .max(5000)
        .refine((text) => exampleLines(text).length <= SURVEY_QUESTION_LIMITS.examples, m('examples_max')),
    })
    .transform(({ dependsOn, examples, ...question }): SurveyQuestion => {
      const lines = exampleLines(examples);
      return {
        ...question,
        type: 'text',
        ...(lines.length ? { examples: lines } : {}),
        ...(dependsOn ? { dependsOn } : {}),
      };
    });

const noDependsOn: DependsOnValues = { questionId: '', requiredAnswerIds: [] };

export function selectValues(question?: SurveyQuestion): SelectValues {
  return question?.type === 'select'
    ? {
        id: question.id,
        question: question.question,
        options: question.options,
        multiple: question.multiple,
        randomize: question.randomize,
        dependsOn: question.dependsOn ?? noDependsOn,
      }
    : {
        id: '',
        question: '',
        options: [{ id: '', answer: '' }],
        multiple: false,
        randomize: false,
        dependsOn: noDependsOn,
      };
}

export function textValues(question?: SurveyQuestion): TextValues {
  return question?.type === 'text'
    ? {
        id: question.id,
        question: question.question,
        placeholder: question.placeholder,
        examples: (question.examples ?? []).join('\n'),
        dependsOn: question.dependsOn ?? noDependsOn,
      }
    : { id: '', question: '', placeholder: '', examples: '', dependsOn: noDependsOn };
}
