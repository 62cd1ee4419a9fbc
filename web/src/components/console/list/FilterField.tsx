import { type InputHTMLAttributes, useId } from 'react';
import { KstDateInput } from '../KstDateInput.tsx';
import type { ListFilterValues, useListFilters } from './list-filters.ts';

/**
 * One text (or date) filter of a list: it shows the draft, applies once typing pauses, and at once on
 * Enter (list-filters.ts). `fallback` is what an empty filter means (a default date), shown as its value.
 * A date or month filter is the console's one date entry (KST, `yyyy-MM-dd` or `yyyy-MM`).
 */
export function FilterField<Filters extends ListFilterValues>({
  filters,
  name,
  label,
  fallback = '',
  type = 'search',
  ...input
}: {
  filters: ReturnType<typeof useListFilters<Filters>>;
  name: keyof Filters & string;
  label: string;
  fallback?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onKeyDown'>) {
  const id = useId();
  const value = filters.draft[name];
  const dateKind = type === 'date' || type === 'month' ? (type as 'date' | 'month') : undefined;
  const Input = dateKind ? KstDateInput : 'input';
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <Input
        {...input}
        {...(dateKind ? { kind: dateKind } : { type })}
        id={id}
        value={typeof value === 'string' ? value : fallback}
        onChange={(event) => filters.change(name, event.target.value as Filters[typeof name])}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            filters.applyNow();
          }
        }}
      />
    </div>
  );
}
