import { DateTime } from 'luxon';
import { type ComponentProps, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKst, KST_DATE, KST_DATE_TIME, KST_ZONE } from '../../../../shared/time/kst.ts';

/**
 * The console's one date entry (issue 19, dates): text in the one format dates are shown in
 * (`yyyy-MM-dd HH:mm`, or `yyyy-MM-dd` for a day), marked KST, with the browser's own calendar behind a
 * button. The calendar's choice is written into the text as KST, so the text is always what is sent;
 * the field works as a plain input for react-hook-form's register, a FormData form or a controlled value.
 */
const PICKER = {
  date: { type: 'date', format: KST_DATE },
  'date-time': { type: 'datetime-local', format: "yyyy-MM-dd'T'HH:mm" },
} as const;

/** Sets an input's value as typing would, so React and react-hook-form hear of it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function KstDateInput({
  kind = 'date-time',
  ref,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { kind?: keyof typeof PICKER }) {
  const { t } = useTranslation('console-shell');
  const text = useRef<HTMLInputElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { type, format } = PICKER[kind];
  const shown = kind === 'date' ? KST_DATE : KST_DATE_TIME;
  const locked = input.readOnly || input.disabled;
  return (
    <span className="console-kst-input">
      <input
        {...input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={shown}
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
            const chosen = DateTime.fromFormat(text.current?.value ?? '', shown, { zone: KST_ZONE });
            if (picker.current) {
              picker.current.value = chosen.isValid ? chosen.toFormat(format) : '';
              picker.current.showPicker();
            }
          }}
        >
          📅
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
