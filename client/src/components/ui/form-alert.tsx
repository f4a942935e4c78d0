/** The form's validation message, announced to screen readers as it appears. */
export const FormAlert = ({ message }: { message: string | null }) =>
  message ? (
    <p className="form-alert" role="alert">
      {message}
    </p>
  ) : null;
