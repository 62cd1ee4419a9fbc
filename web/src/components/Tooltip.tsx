import { type ReactNode, useId, useState } from 'react';

/**
 * An info tooltip: a small button that shows its text on hover and on keyboard focus, and hides on
 * Escape. The text is also the button's description, so screen readers get it without hovering.
 */
export function Tooltip({ label, children, title }: { label: string; title?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a convenience; the button inside gives keyboard users the same
    <span
      className="tooltip"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button type="button" className="tooltip-trigger" aria-label={label} aria-describedby={id}>
        <span aria-hidden="true">i</span>
      </button>
      <span role="tooltip" id={id} className={`tooltip-bubble ${open ? 'is-open' : ''}`}>
        {title && <strong>{title}</strong>}
        {children}
      </span>
    </span>
  );
}

/** A disabled control with the reason it is disabled, shown on hover and focus (the wrapper takes focus). */
export function DisabledWithReason({ reason, children }: { reason: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper shows the reason of the disabled button inside it
    <span
      className="tooltip disabled-with-reason"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a disabled button cannot take focus, its reason must be reachable
      tabIndex={0}
      aria-describedby={id}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {children}
      <span role="tooltip" id={id} className={`tooltip-bubble ${open ? 'is-open' : ''}`}>
        {reason}
      </span>
    </span>
  );
}
