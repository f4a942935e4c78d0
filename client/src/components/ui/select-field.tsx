import type { ComponentProps } from 'react';
import { describedBy } from './described-by';

export type TSelectOption = { value: string; label: string };

type TSelectFieldProps = Omit<ComponentProps<'select'>, 'name' | 'children'> & {
  label: string;
  name: string;
  options: readonly TSelectOption[];
  /** A first option with the value '' ('Select network' …). */
  placeholder?: string;
  invalid?: boolean;
  /** The id of the message that says why the field is invalid (useForm's `field` gives it). */
  errorId?: string;
  hint?: string;
};

/** A labelled native select: the phone's own picker on mobile, keyboard friendly everywhere. */
export const SelectField = ({
  label,
  name,
  options,
  placeholder,
  invalid,
  errorId,
  hint,
  id,
  ...select
}: TSelectFieldProps) => {
  const selectId = id ?? `field-${name}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <select
        className="input select"
        id={selectId}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hintId, invalid ? errorId : undefined)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
};
