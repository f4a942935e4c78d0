import { useState, type ChangeEvent } from 'react';

/** Controlled values for a form of text inputs, keyed by each input's `name`. */
export const useFormValues = <T extends Record<string, string>>(initial: T) => {
  const [values, setValues] = useState<T>(initial);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };
  return { values, onChange, setValues };
};
