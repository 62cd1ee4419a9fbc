import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SURVEY_LANGUAGES, type SurveyLanguage } from '../../../../../shared/surveys/languages.ts';
import {
  dependentsOf,
  readSurveyForm,
  releaseConfirmation,
  SURVEY_FORM_MESSAGES,
  SURVEY_FORM_TYPES,
  SURVEY_QUESTION_LIMITS,
  type SurveyFormType,
  type SurveyQuestion,
  surveyFormFileName,
} from '../../../../../shared/surveys/survey-form.ts';
import { formatKst } from '../../../../../shared/time/kst.ts';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { SelectField } from '../../../components/console/SelectField.tsx';
import { notify } from '../../../components/console/toast.ts';
import { errorLine, errorTextNow } from '../../../lib/console/error-text.ts';
import { useLoadReleasedSurvey } from '../api/load-survey.ts';
import { useReleaseSurvey } from '../api/release-survey.ts';
import { QuestionList } from './QuestionList.tsx';
import { deleteQuestion, moveQuestion, saveQuestion } from './question-edits.ts';
import { SelectQuestionDialog } from './SelectQuestionDialog.tsx';
import { TextQuestionDialog } from './TextQuestionDialog.tsx';
import { useSurveyDraft } from './use-survey-draft.ts';

type Editing = { type: 'select' | 'text'; question?: SurveyQuestion };

/**
 * The onboarding survey form builder (sections 2 and 5): the question list of a type and language
 * (restored from this browser), select and text editors, drag to reorder, import from a file or the
 * release, export to a file or (typing `{type}/{lang}`) to the release, reset all.
 */
export function FormBuilder() {
  const { t } = useTranslation('console-surveys');
  const confirm = useConfirm();
  const [type, setType] = useState<SurveyFormType>('onboarding');
  const [lang, setLang] = useState<SurveyLanguage>('ko');
  const [questions, setQuestions] = useSurveyDraft(type, lang);
  const [editing, setEditing] = useState<Editing>();
  const [problem, setProblem] = useState<string>();
  const [releasing, setReleasing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const load = useLoadReleasedSurvey();

  const editedIndex = editing?.question
    ? questions.findIndex((question) => question.id === editing.question?.id)
    : -1;
  const earlier = editedIndex >= 0 ? questions.slice(0, editedIndex) : questions;
  const takenIds = questions.map((question) => question.id).filter((id) => id !== editing?.question?.id);
  const report = (message: string | undefined) => setProblem(message);
  const QuestionEditor = editing?.type === 'text' ? TextQuestionDialog : SelectQuestionDialog;

  const replaceAll = async (next: SurveyQuestion[]) => {
    if (questions.length && !(await confirm({ title: t('builder.replace_question') }))) return;
    setQuestions(next);
    report(undefined);
  };
  const importFile = async (file: File) => {
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      return report(t(SURVEY_FORM_MESSAGES.invalidJson));
    }
    const read = readSurveyForm(json);
    if (!read.ok)
      return report(`${t(SURVEY_FORM_MESSAGES.invalidJson)} ${t(read.message, SURVEY_QUESTION_LIMITS)}`);
    await replaceAll(read.form.surveys);
  };
  const importRelease = async () => {
    try {
      const { survey } = await load.mutateAsync({ type, lang });
      if (!survey) return report(t(SURVEY_FORM_MESSAGES.noSurveyFound));
      await replaceAll(survey.surveyForm.surveys);
    } catch (error) {
      report(errorLine(errorTextNow(error)));
    }
  };
  const exportFile = () => {
    const blob = new Blob([JSON.stringify({ surveys: questions }, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = surveyFormFileName(type, lang, formatKst(Date.now(), 'yyyyMMdd'));
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const remove = async (question: SurveyQuestion) => {
    const dependents = dependentsOf(questions, question.id).map((dependent) => dependent.id);
    const confirmed = await confirm({
      title: t('console-shell:dialog.delete_question', { id: question.id }),
      ...(dependents.length
        ? { description: t('builder.delete_dependents', { ids: dependents.join(', ') }) }
        : {}),
      confirmLabel: t('console-shell:action.delete'),
      destructive: true,
    });
    if (confirmed) setQuestions(deleteQuestion(questions, question.id));
  };
  const resetAll = async () => {
    if (!(await confirm({ title: t('builder.reset_question'), destructive: true }))) return;
    setQuestions([]);
    report(undefined);
  };
  const onSave = (question: SurveyQuestion) => {
    setQuestions(saveQuestion(questions, question, editing?.question?.id));
    setEditing(undefined);
  };

  return (
    <>
      <div className="console-card console-filters">
        <SelectField
          label={t('builder.survey_type')}
          value={type}
          choices={SURVEY_FORM_TYPES}
          onChange={setType}
        />
        <SelectField
          label={t('builder.language')}
          value={lang}
          choices={SURVEY_LANGUAGES}
          onChange={setLang}
        />
      </div>
      <div className="console-actions" style={{ marginBottom: 12 }}>
        <button type="button" className="console-button" onClick={() => setEditing({ type: 'select' })}>
          {t('builder.add_select')}
        </button>
        <button type="button" className="console-button" onClick={() => setEditing({ type: 'text' })}>
          {t('builder.add_text')}
        </button>
        <button type="button" className="console-button secondary" onClick={() => fileInput.current?.click()}>
          {t('builder.import_file')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label={t('builder.import_file')}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <button
          type="button"
          className="console-button secondary"
          disabled={load.isPending}
          onClick={importRelease}
        >
          {t('builder.import_release')}
        </button>
        <button type="button" className="console-button secondary" onClick={exportFile}>
          {t('builder.export_file')}
        </button>
        <button type="button" className="console-button secondary" onClick={() => setReleasing(true)}>
          {t('builder.export_release')}
        </button>
        <button type="button" className="console-button danger" onClick={resetAll}>
          {t('builder.reset_all')}
        </button>
      </div>
      <ErrorNote error={problem} />
      <QuestionList
        questions={questions}
        onEdit={(question) => setEditing({ type: question.type, question })}
        onDelete={remove}
        onMove={(from, to) => {
          const moved = moveQuestion(questions, from, to);
          if (moved) setQuestions(moved);
          else notify.failure(t('builder.move_refused'));
        }}
      />
      {editing ? (
        <QuestionEditor
          question={editing.question}
          earlier={earlier}
          takenIds={takenIds}
          onSave={onSave}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {releasing ? (
        <ReleaseDialog type={type} lang={lang} questions={questions} onClose={() => setReleasing(false)} />
      ) : null}
    </>
  );
}

/** Releasing needs at least one question and the exact text `{type}/{lang}` typed (section 5). */
function ReleaseDialog({
  type,
  lang,
  questions,
  onClose,
}: {
  type: SurveyFormType;
  lang: SurveyLanguage;
  questions: readonly SurveyQuestion[];
  onClose: () => void;
}) {
  const { t } = useTranslation('console-surveys');
  const release = useReleaseSurvey();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const expected = releaseConfirmation(type, lang);
  const submit = async () => {
    if (questions.length === 0) return setProblem(t(SURVEY_FORM_MESSAGES.noSurveys));
    if (typed.trim() !== expected) return setProblem(t(SURVEY_FORM_MESSAGES.wrongConfirmation, { expected }));
    const read = readSurveyForm({ surveys: questions });
    if (!read.ok)
      return setProblem(`${t(SURVEY_FORM_MESSAGES.invalidJson)} ${t(read.message, SURVEY_QUESTION_LIMITS)}`);
    try {
      await release.mutateAsync({ type, lang, form: read.form });
      notify.success(t('console-shell:toast.saved'));
      onClose();
    } catch (error) {
      setProblem(errorLine(errorTextNow(error)));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('builder.export_release')}>
      <p>{t('builder.release_explain', { expected, count: questions.length })}</p>
      <div className="console-field">
        <label htmlFor="release-confirmation">{t('builder.release_confirmation')}</label>
        <input
          id="release-confirmation"
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <ErrorNote error={problem} />
      <DialogButtons
        onCancel={onClose}
        onConfirm={submit}
        busy={release.isPending}
        confirmLabel={t('builder.release')}
      />
    </Dialog>
  );
}
