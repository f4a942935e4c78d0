import { useCallback, useState, type ChangeEvent } from 'react';

/**
 * Controlled values for a form of text inputs, keyed by each input's `name`. Put `formRef` on
 * the form: what was typed into the server's markup before the scripts attached (decision 0022;
 * React keeps such text on screen but not in the state) is taken into the values.
 */
export const useFormValues = <T extends Record<string, string>>(initial: T) => {
  const [values, setValues] = useState<T>(initial);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const formRef = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    setValues((current) => {
      let next = current;
      for (const name of Object.keys(current)) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLInputElement && field.value !== current[name]) {
          next = { ...next, [name]: field.value };
        }
      }
      return next;
    });
  }, []);
  return { values, onChange, setValues, formRef };
};
