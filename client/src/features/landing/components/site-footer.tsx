import type { TSiteInfo } from '@vendo/shared/schemas/site';
import { AppLink as Link } from '@/components/ui/app-link';
import { Brand } from '@/components/ui/brand';
import '../landing.css';

/**
 * Contact details come from the site's configuration (embedded in the page, or GET /site),
 * never from the code. In the main bundle: the landing shell shows it from the page's data.
 */
export const SiteFooter = ({ site }: { site: TSiteInfo | undefined }) => {
  const appName = site?.appName ?? 'Vendo';
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Brand inverted />
          <p>Airtime, data and electricity tokens, paid from your naira wallet.</p>
        </div>
        <div className="footer-contact">
          <h2 className="footer-heading">Contact</h2>
          {site ? (
            <address>
              {site.officeAddress && <p>{site.officeAddress}</p>}
              {site.phone && (
                <p>
                  <a href={`tel:${site.phone.replace(/\s/g, '')}`}>{site.phone}</a>
                </p>
              )}
              {site.emails.map((email) => (
                <p key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </p>
              ))}
            </address>
          ) : (
            <p>Contact details are loading.</p>
          )}
        </div>
        <nav className="footer-links" aria-label="Footer">
          <h2 className="footer-heading">Links</h2>
          <Link to="/">Home</Link>
          <Link to="/login">Login</Link>
          <Link to="/register">Register</Link>
          <Link to="/priceList">Pricing</Link>
          <Link to="/developers">Developers (API)</Link>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © {new Date().getFullYear()} {appName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
};
