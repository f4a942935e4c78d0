import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import type { TInvalidForm, TValidation } from '@/lib/validation';

type TFieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The names of a form's text values (a tick box's value is a boolean). */
type TTextName<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

type TSubmitOptions = {
  /** What the error toast says when the answer has no `msg` (GENERIC_ERROR by default). */
  fallback?: string;
  /** Where a failed call's message shows: a toast (the default), the form's alert, or both. */
  errorIn?: 'toast' | 'alert' | 'both';
};

/**
 * The one way the client builds a form (decision 0029): the values of its fields keyed by each
 * field's `name`, the alert above the form with the fields it names, validation with a shared
 * schema, and a submit that shows a failed call's `msg`.
 *
 * - `field(name)` gives a TextField, PasswordField or SelectField its name, value, onChange and
 *   whether it is invalid; `bind(name)` the same without the last; `set(name, value)` is for a
 *   field that rewrites what was typed or a tick box.
 * - `check(validate(schema, body))` takes the parse of a shared schema (lib/validation): on
 *   failure the alert shows the first message (the server's own wording), the fields with an
 *   issue are marked, and it returns null. The hook does not import the schemas itself, so a
 *   form without one does not load zod.
 * - `fail(message, fields)` is any other refusal (an amount above the balance …).
 * - `handleSubmit(run, options)` is the form's onSubmit: no browser submit, nothing while the
 *   last one is still running (a double tap), and a call that throws in `run` shows the answer's
 *   `msg` (else `fallback`) in a toast, the alert or both (`errorIn`).
 * - Put `adoptTyped` on a form the server renders (decision 0022): what a visitor typed into the
 *   server's markup before the scripts attached is taken into the values. Take it out of the
 *   object first (`const { adoptTyped } = form`): with `ref={form.adoptTyped}` the React lint
 *   takes the whole object for a ref and refuses every other read of it during render.
 */
export const useForm = <T extends Record<string, string | boolean>>(initial: T) => {
  const [values, setValues] = useState<T>(initial);
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);
  const running = useRef(false);
  const alertId = useId();

  const set = <K extends keyof T>(name: K, value: T[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const onChange = (event: ChangeEvent<TFieldElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const adoptTyped = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    setValues((current) => {
      let next = current;
      for (const name of Object.keys(current)) {
        const field = form.elements.namedItem(name);
        const value = current[name];
        if (
          field instanceof HTMLInputElement &&
          typeof value === 'string' &&
          field.value !== value
        ) {
          next = { ...next, [name]: field.value };
        }
      }
      return next;
    });
  }, []);

  /** Shows `message` in the form's alert and marks `fields` invalid. */
  const fail = (message: string, fields: readonly string[] = []) =>
    setInvalid({ message, fields: new Set(fields) });

  const check = <D>(result: TValidation<D>): D | null => {
    setInvalid(result.ok ? null : result);
    return result.ok ? result.data : null;
  };

  const handleSubmit =
    (run: () => Promise<void> | void, options: TSubmitOptions = {}) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (running.current) return;
      running.current = true;
      try {
        await run();
      } catch (error) {
        const message = errorMessage(error, options.fallback);
        const where = options.errorIn ?? 'toast';
        if (where !== 'alert') toast.error(message);
        if (where !== 'toast') fail(message);
      } finally {
        running.current = false;
      }
    };

  const isInvalid = (name: string): boolean | undefined => invalid?.fields.has(name);

  /** Name, value and onChange of a field, for one that is never marked invalid (or a textarea). */
  const bind = (name: TTextName<T>) => ({ name, value: values[name] as string, onChange });

  // A marked field points to the alert that says why (aria-describedby), read with the field.
  const field = (name: TTextName<T>) => ({
    ...bind(name),
    invalid: isInvalid(name),
    errorId: isInvalid(name) && invalid ? alertId : undefined,
  });

  return {
    values,
    setValues,
    set,
    onChange,
    adoptTyped,
    field,
    bind,
    isInvalid,
    /** The alert's message, or null. */
    alert: invalid?.message ?? null,
    /** The alert's id: `<FormAlert message={form.alert} id={form.alertId} />`. */
    alertId,
    check,
    fail,
    clearAlert: () => setInvalid(null),
    handleSubmit,
  };
};
