import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../../shared/surveys/survey-form.ts';

/**
 * The question list, reordered by dragging (dnd-kit: pointer, or keyboard: Space to lift, arrows to
 * move, Space to drop). `onMove` decides whether a move is allowed.
 */
export function QuestionList({
  questions,
  onMove,
  onEdit,
  onDelete,
}: {
  questions: readonly SurveyQuestion[];
  onMove: (from: number, to: number) => void;
  onEdit: (question: SurveyQuestion) => void;
  onDelete: (question: SurveyQuestion) => void;
}) {
  const { t } = useTranslation('console-surveys');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = questions.map((question) => question.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  if (questions.length === 0) return <p className="console-hint">{t('builder.empty')}</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('builder.drag_instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={t('builder.questions')} style={{ listStyle: 'none', padding: 0 }}>
          {questions.map((question, index) => (
            <SortableQuestion
              key={question.id}
              question={question}
              number={index + 1}
              onEdit={() => onEdit(question)}
              onDelete={() => onDelete(question)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableQuestion({
  question,
  number,
  onEdit,
  onDelete,
}: {
  question: SurveyQuestion;
  number: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('console-surveys');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: question.id,
    });
  return (
    <li
      ref={setNodeRef}
      className="console-question"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <button
        type="button"
        className="console-drag"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('builder.drag', { id: question.id })}
      >
        ⠿
      </button>
      <span className="console-question-text">
        <strong>
          {number}. {question.id}
        </strong>{' '}
        ({t(`builder.type.${question.type}`)}) {question.question}
        {question.dependsOn ? (
          <span className="console-hint">
            {' '}
            —{' '}
            {t('builder.shown_when', {
              id: question.dependsOn.questionId,
              answers: question.dependsOn.requiredAnswerIds.join(', '),
            })}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="console-button secondary"
        onClick={onEdit}
        aria-label={t('builder.edit', { id: question.id })}
      >
        {t('console-shell:action.edit')}
      </button>
      <button
        type="button"
        className="console-button danger"
        onClick={onDelete}
        aria-label={t('builder.delete', { id: question.id })}
      >
        {t('console-shell:action.delete')}
      </button>
    </li>
  );
}
