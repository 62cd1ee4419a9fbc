import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';

/** The gap kept between an open bubble and the window's edges. */
const EDGE_PX = 8;

/**
 * Keeps an open bubble on screen: centred on its button, moved sideways just enough not to cross a
 * window edge (a tooltip near the edge of a phone would otherwise widen the page).
 */
function useOnScreen(bubble: RefObject<HTMLSpanElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!open || !element) return;
    element.style.setProperty('--tooltip-shift', '0px');
    const { left, right } = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = left < EDGE_PX ? EDGE_PX - left : right > width - EDGE_PX ? width - EDGE_PX - right : 0;
    element.style.setProperty('--tooltip-shift', `${shift}px`);
  }, [bubble, open]);
}

/**
 * An info tooltip: a small button that shows its text on hover and on keyboard focus, and hides on
 * Escape. The text is also the button's description, so screen readers get it without hovering.
 */
export function Tooltip({ label, children, title }: { label: string; title?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const bubble = useRef<HTMLSpanElement>(null);
  useOnScreen(bubble, open);
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
      <span ref={bubble} role="tooltip" id={id} className={`tooltip-bubble ${open ? 'is-open' : ''}`}>
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
  const bubble = useRef<HTMLSpanElement>(null);
  useOnScreen(bubble, open);
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
      <span ref={bubble} role="tooltip" id={id} className={`tooltip-bubble ${open ? 'is-open' : ''}`}>
        {reason}
      </span>
    </span>
  );
}
