import { type MouseEvent, useEffect, useRef } from 'react';

export interface FormProblem {
  /** The field's id (or its group's: its first control gets the focus). */
  target: string;
  text: string;
}

/**
 * Every problem of a submitted form at once, above it (GOV.UK's error summary pattern): focused when it
 * appears, each problem a link that moves the focus to its field, where the same text stands.
 */
export function ErrorSummary({
  title,
  problems,
  shownAt,
}: {
  title: string;
  problems: readonly FormProblem[];
  /** Changes on each submission that found problems, so that the summary takes the focus again. */
  shownAt: number;
}) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownAt) summary.current?.focus();
  }, [shownAt]);
  if (!problems.length) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    event.preventDefault();
    const element = document.getElementById(target);
    const control = element?.matches('input, select, textarea')
      ? element
      : element?.querySelector<HTMLElement>('input, select, textarea');
    control?.focus();
    control?.scrollIntoView({ block: 'center' });
  };
  return (
    <div
      ref={summary}
      className="refund-error-summary"
      role="alert"
      aria-labelledby="refund-error-summary-title"
      tabIndex={-1}
    >
      <h2 id="refund-error-summary-title">{title}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.target}>
            <a href={`#${problem.target}`} onClick={(event) => focusField(event, problem.target)}>
              {problem.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
