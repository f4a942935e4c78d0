import { AppLink } from './app-link';

/** Logo and name; always a way home. */
export const Brand = ({ inverted = false }: { inverted?: boolean }) => (
  <AppLink to="/" className={inverted ? 'brand brand-inverted' : 'brand'} aria-label="Vendo home">
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill={inverted ? '#fff' : 'var(--brand)'} />
      <path
        d="M9 9.5l7 14 7-14"
        fill="none"
        stroke={inverted ? 'var(--brand)' : '#fff'}
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
    <span className="brand-name">Vendo</span>
  </AppLink>
);
