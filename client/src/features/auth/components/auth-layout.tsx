import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';
import '../auth.css';

type TAuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (register, reset, home …). */
  footer?: ReactNode;
};

/** The frame of the sign-in screens: brand, a card with the form, helpful links. */
export const AuthLayout = ({ title, subtitle, children, footer }: TAuthLayoutProps) => (
  <div className="auth-page">
    <title>{`${title} · Vendo`}</title>
    <header className="auth-header">
      <Brand />
      <Link className="auth-home-link" to="/">
        Home
      </Link>
    </header>
    <main className="auth-main">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </section>
      {footer && <div className="auth-footer">{footer}</div>}
    </main>
  </div>
);
