import type { ComponentProps } from 'react';
import { describedBy } from './described-by';

type TTextFieldProps = Omit<ComponentProps<'input'>, 'name'> & {
  label: string;
  name: string;
  invalid?: boolean;
  /** The id of the message that says why the field is invalid (useForm's `field` gives it). */
  errorId?: string;
  hint?: string;
};

/** A labelled input; the label is always visible (no placeholder-only fields). */
export const TextField = ({
  label,
  name,
  invalid,
  errorId,
  hint,
  id,
  className,
  ...input
}: TTextFieldProps) => {
  const inputId = id ?? `field-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        className="input"
        id={inputId}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hintId, invalid ? errorId : undefined)}
        {...input}
      />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
};
