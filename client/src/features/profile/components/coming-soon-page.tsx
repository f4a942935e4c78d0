import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { clockIcon } from '@/components/ui/app-icons';
import { useRouteTitle } from '../hooks/use-route-title';

/** Placeholder for screens that later issues build; it says so and does nothing else. */
export const ComingSoonPage = () => {
  const title = useRouteTitle() ?? 'This screen';

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
      <Link className="btn btn-primary" to="/profile">
        Back to dashboard
      </Link>
    </section>
  );
};
