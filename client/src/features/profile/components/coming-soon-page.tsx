import { Link, useLocation } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { clockIcon } from '@/components/ui/app-icons';
import { useRouteTitle } from '../hooks/use-route-title';

/** Placeholder for screens that later issues build; it says so and does nothing else. */
export const ComingSoonPage = () => {
  const title = useRouteTitle() ?? 'This screen';
  // A contact's "Transactions" shortcut passes its number; the list will open filtered by it.
  const phone = new URLSearchParams(useLocation().search).get('phone');

  return (
    <section className="card coming-soon" aria-labelledby="coming-soon-title">
      <span className="coming-soon-icon" aria-hidden="true">
        <Icon path={clockIcon} size={28} />
      </span>
      <h1 id="coming-soon-title">{title}</h1>
      <p className="coming-soon-badge">Coming soon</p>
      <p className="muted">
        This screen is not available yet. Nothing on it works for now, and no money moves from here.
      </p>
      {phone && (
        <p className="muted small" data-testid="coming-soon-phone">
          When it arrives, it will open filtered to {phone}.
        </p>
      )}
      <Link className="btn btn-primary" to="/profile">
        Back to dashboard
      </Link>
    </section>
  );
};
