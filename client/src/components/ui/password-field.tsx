import { useState, type ComponentProps } from 'react';

type TPasswordFieldProps = Omit<ComponentProps<'input'>, 'name' | 'type'> & {
  label: string;
  name: string;
  invalid?: boolean;
  /** The id of the message that says why the field is invalid (useForm's `field` gives it). */
  errorId?: string;
};

/** A labelled password input with a Show/Hide toggle, handy on phone keyboards. */
export const PasswordField = ({
  label,
  name,
  invalid,
  errorId,
  id,
  ...input
}: TPasswordFieldProps) => {
  const [visible, setVisible] = useState(false);
  const inputId = id ?? `field-${name}`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="input-with-action">
        <input
          className="input"
          id={inputId}
          name={name}
          type={visible ? 'text' : 'password'}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          {...input}
        />
        <button
          type="button"
          className="input-action"
          aria-controls={inputId}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
};
