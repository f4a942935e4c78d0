import { PageSpinner } from '@/components/ui/spinner';

/** Stands in for a screen until GET /auth answers; after a failure it offers to try again. */
export const ProfileLoading = ({ failed, onRetry }: { failed: boolean; onRetry: () => void }) =>
  failed ? (
    <section className="card coming-soon" aria-labelledby="profile-failed-title">
      <h1 id="profile-failed-title">Account not available</h1>
      <p className="muted">We could not load your account. Please try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </section>
  ) : (
    <PageSpinner />
  );
