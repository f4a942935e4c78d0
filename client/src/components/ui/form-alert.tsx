/**
 * The form's validation message, announced to screen readers as it appears. With `id` (useForm's
 * `alertId`), the fields it marks invalid point to it (aria-describedby), so a screen reader
 * reads the message with the field.
 */
export const FormAlert = ({ message, id }: { message: string | null; id?: string }) =>
  message ? (
    <p className="form-alert" role="alert" id={id}>
      {message}
    </p>
  ) : null;
