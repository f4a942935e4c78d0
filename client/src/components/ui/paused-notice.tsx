/** A purchase the back office has paused, said on arrival at its screen (hooks/use-paused.ts). */
export const PausedNotice = ({ message }: { message: string | null }) =>
  message ? (
    <p className="paused-notice" role="status" data-testid="paused-notice">
      {message}
    </p>
  ) : null;
