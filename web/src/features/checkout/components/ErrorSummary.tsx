import { useEffect, useRef } from 'react';

/** A problem of a payment form: its message, and the control it is at (an element id). */
export interface FieldProblem {
  key: string;
  targetId: string;
  message: string;
}

/** Moves focus to a problem's control and brings it into view (where the summary's link leads). */
function focusControl(targetId: string) {
  const target = document.getElementById(targetId);
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
}

/**
 * The error summary at the top of a payment form (GOV.UK Design System's error summary): after a press of
 * the pay button that found problems, it takes the focus and lists every one, each linking to its
 * control, with the same words as the message at the control. `focusRequest` changes with each such
 * press; the list follows the form as the buyer fixes it, and goes when nothing is left.
 */
export function ErrorSummary({
  id,
  title,
  problems,
  focusRequest,
}: {
  id: string;
  title: string;
  problems: readonly FieldProblem[];
  focusRequest: number;
}) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest) summary.current?.focus();
  }, [focusRequest]);
  if (!problems.length) return null;
  return (
    // Focused by script only (tabIndex -1), as GOV.UK's does; role=alert inside it, so that the whole summary is read.
    <div id={id} ref={summary} className="error-summary" tabIndex={-1}>
      <div role="alert">
        <h2>{title}</h2>
        <ul>
          {problems.map((problem) => (
            <li key={problem.key}>
              <a
                href={`#${problem.targetId}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusControl(problem.targetId);
                }}
              >
                {problem.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
