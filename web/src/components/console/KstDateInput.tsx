import { DateTime } from 'luxon';
import { type ComponentProps, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKst, KST_DATE, KST_DATE_TIME, KST_MONTH, KST_ZONE } from '../../../../shared/time/kst.ts';
import { type KstDateKind, readKstDate, shownKstDate } from '../../../../shared/time/kst-date-field.ts';

/**
 * The console's one date entry (issue 19, dates): text in the one format dates are shown in
 * (`yyyy-MM-dd HH:mm`, `yyyy-MM-dd` for a day, `yyyy-MM` for a month), marked KST, with the browser's own
 * calendar behind a button. The calendar's choice is written into the text as KST, so the text is always
 * what is sent; the field works as a plain input for react-hook-form's register, a FormData form or a
 * controlled value. Text is read by the console's one date-field rule (shared/time/kst-date-field.ts):
 * a pasted ISO date-time is accepted and, once the operator leaves the field, shown as the KST it
 * stands for.
 */
const PICKER = {
  date: { type: 'date', format: KST_DATE, shown: KST_DATE },
  month: { type: 'month', format: KST_MONTH, shown: KST_MONTH },
  'date-time': { type: 'datetime-local', format: "yyyy-MM-dd'T'HH:mm", shown: KST_DATE_TIME },
} as const satisfies Record<KstDateKind, { type: string; format: string; shown: string }>;

/** Sets an input's value as typing would, so React and react-hook-form hear of it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function KstDateInput({
  kind = 'date-time',
  ref,
  onBlur,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { kind?: KstDateKind }) {
  const { t } = useTranslation('console-shell');
  const text = useRef<HTMLInputElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { type, format, shown } = PICKER[kind];
  const locked = input.readOnly || input.disabled;
  return (
    <span className="console-kst-input">
      <input
        {...input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={shown}
        // Wide enough for its whole format: a placeholder cut short ("yyyy-MM-c") says nothing.
        style={{ minWidth: `calc(${shown.length + 2}ch + 16px)`, ...input.style }}
        onBlur={(event) => {
          const typed = event.currentTarget.value;
          const normal = shownKstDate(kind, typed);
          if (normal !== typed) typeInto(event.currentTarget, normal);
          onBlur?.(event);
        }}
        ref={(element) => {
          text.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
      />
      <span className="console-kst-zone">KST</span>
      {locked ? null : (
        <button
          type="button"
          className="console-button secondary"
          aria-label={t('date.pick')}
          onClick={() => {
            let chosen = '';
            try {
              chosen = formatKst(readKstDate(kind, text.current?.value ?? ''), format);
            } catch {
              // Nothing readable typed yet: the calendar opens on today.
            }
            if (picker.current) {
              picker.current.value = chosen;
              picker.current.showPicker();
            }
          }}
        >
          {/* Drawn, not an emoji: a machine without an emoji font shows an empty box for one. */}
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
          </svg>
        </button>
      )}
      <input
        ref={picker}
        type={type}
        tabIndex={-1}
        aria-hidden="true"
        className="console-kst-picker"
        onChange={(event) => {
          const picked = DateTime.fromFormat(event.target.value, format, { zone: KST_ZONE });
          if (picked.isValid && text.current) typeInto(text.current, formatKst(picked.toMillis(), shown));
        }}
      />
    </span>
  );
}
