import type { ReactNode } from 'react';

/**
 * A section of checkboxes (the agreements, the final confirmations), each with optional detail. With
 * `error`, the message shows under the title and every box still unticked is marked invalid and
 * described by it; box `key` has the id `{id}-{key}`, where the error summary's link leads.
 */
export function Checklist({
  id,
  title,
  items,
  error,
  children,
}: {
  id: string;
  title: string;
  items: ReadonlyArray<{
    key: string;
    label: string;
    checked: boolean;
    onChange: (checked: boolean) => void;
    detail?: ReactNode;
  }>;
  error?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <section id={id} className="order-section order-checklist" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {items.map((item) => {
        const invalid = Boolean(error) && !item.checked;
        return (
          <div key={item.key} className="order-check">
            <label>
              <input
                id={`${id}-${item.key}`}
                type="checkbox"
                checked={item.checked}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? `${id}-error` : undefined}
                onChange={(event) => item.onChange(event.target.checked)}
              />
              {item.label}
            </label>
            {item.detail}
          </div>
        );
      })}
      {children}
    </section>
  );
}

/** The id of a checklist's first box still unticked (where its problem's link leads). */
export function firstUnticked(
  id: string,
  items: ReadonlyArray<{ key: string; checked: boolean }>,
): string | undefined {
  const item = items.find((candidate) => !candidate.checked);
  return item ? `${id}-${item.key}` : undefined;
}
