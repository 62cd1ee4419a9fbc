import { useId } from 'react';

/**
 * A select-like dropdown whose open state its parent owns, so that opening one closes another
 * (the plan selection form). A button shows the choice; the list is a listbox of options.
 */
export function Dropdown<T extends string>({
  label,
  value,
  options,
  open,
  onOpenChange,
  onSelect,
  disabled,
  children,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (value: T) => void;
  disabled?: boolean;
  /** Helper text or a warning under the dropdown. */
  children?: React.ReactNode;
}) {
  const id = useId();
  const current = options.find((option) => option.value === value);
  return (
    <div className="order-dropdown">
      <span id={`${id}-label`} className="order-dropdown-label">
        {label}
      </span>
      <button
        type="button"
        className="order-dropdown-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled}
        onClick={() => onOpenChange(!open)}
      >
        <span id={`${id}-value`}>{current?.label ?? ''}</span>
      </button>
      {open ? (
        <div className="order-dropdown-list" role="listbox" aria-labelledby={`${id}-label`}>
          {options.map((option) => (
            <div
              key={option.value}
              role="option"
              aria-selected={option.value === value}
              tabIndex={0}
              onClick={() => onSelect(option.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(option.value);
                }
                if (event.key === 'Escape') onOpenChange(false);
              }}
            >
              {option.label}
            </div>
          ))}
        </div>
      ) : null}
      {children}
    </div>
  );
}
