import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';

/** Pure edits of the question list, kept apart from the screens so that each rule is plain to read. */

/** Whether every question still comes after the question it depends on (what a reorder must keep). */
export function dependenciesInOrder(questions: readonly SurveyQuestion[]): boolean {
  return questions.every((question, index) => {
    const dependsOn = question.dependsOn;
    return !dependsOn || questions.slice(0, index).some((earlier) => earlier.id === dependsOn.questionId);
  });
}

/** Moves a question; undefined when the move would put a question before the one it depends on. */
export function moveQuestion(
  questions: readonly SurveyQuestion[],
  from: number,
  to: number,
): SurveyQuestion[] | undefined {
  const moved = [...questions];
  const [question] = moved.splice(from, 1);
  if (!question) return undefined;
  moved.splice(to, 0, question);
  return dependenciesInOrder(moved) ? moved : undefined;
}

/** Replaces (by the id it had) or appends a question; a renamed question's dependents follow it. */
export function saveQuestion(
  questions: readonly SurveyQuestion[],
  question: SurveyQuestion,
  previousId: string | undefined,
): SurveyQuestion[] {
  if (previousId === undefined) return [...questions, question];
  return questions.map((existing) => {
    if (existing.id === previousId) return question;
    if (existing.dependsOn?.questionId === previousId)
      return { ...existing, dependsOn: { ...existing.dependsOn, questionId: question.id } };
    return existing;
  });
}

/** Deletes a question; the questions that depended on it are shown unconditionally from then on. */
export function deleteQuestion(questions: readonly SurveyQuestion[], id: string): SurveyQuestion[] {
  return questions
    .filter((question) => question.id !== id)
    .map((question) => {
      if (question.dependsOn?.questionId !== id) return question;
      const { dependsOn: _, ...rest } = question;
      return rest as SurveyQuestion;
    });
}
