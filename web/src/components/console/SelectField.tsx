import { useId } from 'react';

/** A labelled select of plain choices (codes shown as they are: survey types, languages, id types). */
export function SelectField<Value extends string>({
  label,
  value,
  choices,
  onChange,
  disabled,
  emptyLabel,
}: {
  label: string;
  value: Value | '';
  choices: readonly Value[];
  onChange: (value: Value) => void;
  disabled?: boolean;
  /** When given, an empty first choice with this text. */
  emptyLabel?: string;
}) {
  const id = useId();
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}
