import { describe, expect, it } from 'vitest';
import {
  readSurveyForm,
  releaseConfirmation,
  surveyFormFileName,
  surveyFormReleaseId,
} from './survey-form.ts';

const select = {
  id: 'role',
  question: 'What do you do?',
  type: 'select',
  options: [
    { id: 'creator', answer: 'Creator' },
    { id: 'teacher', answer: 'Teacher' },
  ],
};
const text = {
  id: 'why',
  question: 'Why?',
  type: 'text',
  placeholder: 'Tell us',
  dependsOn: { questionId: 'role', requiredAnswerIds: ['teacher'] },
};

describe('the onboarding survey form file', () => {
  it('reads a valid form, with defaults for the select flags', () => {
    const read = readSurveyForm({ surveys: [select, text] });
    expect(read).toMatchObject({
      ok: true,
      form: { surveys: [{ multiple: false, randomize: false }, { id: 'why' }] },
    });
  });

  it('names the first problem of each rule of section 5', () => {
    const message = (json: unknown) => {
      const read = readSurveyForm(json);
      return read.ok ? 'ok' : read.message.split('.').pop();
    };
    expect(message([])).toBe('surveys_array');
    expect(message({ questions: [] })).toBe('surveys_array');
    expect(message({ surveys: [{ id: 'a', type: 'text', placeholder: '' }] })).toBe('item_fields');
    expect(message({ surveys: [{ id: 'a', question: 'q' }] })).toBe('item_fields');
    expect(message({ surveys: [{ ...select, options: undefined }] })).toBe('select_options');
    expect(message({ surveys: [{ ...select, options: [{ id: 'x' }] }] })).toBe('option_answer');
    expect(message({ surveys: [{ ...text, dependsOn: undefined, placeholder: 3 }] })).toBe(
      'text_placeholder',
    );
    expect(message({ surveys: [select, select] })).toBe('question_id_twice');
    expect(message({ surveys: [text, select] })).toBe('depends_on');
    expect(
      message({
        surveys: [select, { ...text, dependsOn: { questionId: 'role', requiredAnswerIds: ['nope'] } }],
      }),
    ).toBe('depends_on');
  });

  it('names files, release ids and the release confirmation', () => {
    expect(surveyFormFileName('onboarding', 'ko', '20250201')).toBe('onboarding_ko_20250201.json');
    expect(surveyFormReleaseId('onboarding', 'ja')).toBe('onboarding_ja');
    expect(releaseConfirmation('onboarding', 'en')).toBe('onboarding/en');
  });
});
