import { Link } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';
import '../not-found.css';

/** The catch-all route. */
export const NotFoundPage = () => (
  <main className="center-page">
    <title>Page not found · Vendo</title>
    <div className="center-card">
      <Brand />
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link className="btn btn-primary" to="/">
        Back home
      </Link>
    </div>
  </main>
);
