import type { ReactNode } from 'react';

/** A section of checkboxes (the agreements, the final confirmations), each with optional detail. */
export function Checklist({
  id,
  title,
  items,
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
  children?: ReactNode;
}) {
  return (
    <section id={id} className="order-section order-checklist" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {items.map((item) => (
        <div key={item.key} className="order-check">
          <label>
            <input
              type="checkbox"
              checked={item.checked}
              onChange={(event) => item.onChange(event.target.checked)}
            />
            {item.label}
          </label>
          {item.detail}
        </div>
      ))}
      {children}
    </section>
  );
}
