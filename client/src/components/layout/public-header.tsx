import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { Brand } from '@/components/ui/brand';

/** Header of public pages other than the landing page. */
export const PublicHeader = () => {
  const token = useAppSelector((state) => state.auth.token);
  return (
    <header className="public-header">
      <div className="container public-header-inner">
        <Brand />
        <nav className="public-header-nav" aria-label="Account">
          {token ? (
            <Link className="btn btn-primary btn-sm" to="/profile">
              Dashboard
            </Link>
          ) : (
            <>
              <Link className="btn btn-ghost btn-sm" to="/login">
                Login
              </Link>
              <Link className="btn btn-primary btn-sm" to="/register">
                Register
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
};
