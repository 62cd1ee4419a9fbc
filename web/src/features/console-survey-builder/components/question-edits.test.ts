import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';
import { deleteQuestion, moveQuestion, saveQuestion } from './question-edits.ts';

const role: SurveyQuestion = {
  id: 'role',
  question: 'Role?',
  type: 'select',
  options: [{ id: 'edu', answer: 'Teacher' }],
  multiple: false,
  randomize: false,
};
const why: SurveyQuestion = {
  id: 'why',
  question: 'Why?',
  type: 'text',
  placeholder: '',
  dependsOn: { questionId: 'role', requiredAnswerIds: ['edu'] },
};
const name: SurveyQuestion = { id: 'name', question: 'Name?', type: 'text', placeholder: 'Your name' };

describe('question list edits', () => {
  it('moves a question, but never before the question it depends on', () => {
    expect(moveQuestion([role, why, name], 2, 0)?.map((q) => q.id)).toEqual(['name', 'role', 'why']);
    expect(moveQuestion([role, why, name], 1, 0)).toBeUndefined();
    expect(moveQuestion([role, why, name], 0, 2)).toBeUndefined();
  });

  it('renames a question and keeps its dependents pointing at it', () => {
    const saved = saveQuestion([role, why], { ...role, id: 'job' }, 'role');
    expect(saved.map((q) => [q.id, q.dependsOn?.questionId])).toEqual([
      ['job', undefined],
      ['why', 'job'],
    ]);
    expect(saveQuestion([role], name, undefined).map((q) => q.id)).toEqual(['role', 'name']);
  });

  it('deletes a question and frees its dependents', () => {
    expect(deleteQuestion([role, why], 'role')).toEqual([
      { id: 'why', question: 'Why?', type: 'text', placeholder: '' },
    ]);
  });
});
