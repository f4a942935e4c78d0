import type { ReactNode } from 'react';
import { AppLink as Link } from '@/components/ui/app-link';
import { Brand } from '@/components/ui/brand';
import { Icon } from '@/components/ui/icon';
import {
  airtimeIcon,
  arrowRightIcon,
  dataIcon,
  electricityIcon,
} from '@/components/ui/public-icons';
import { FaqAccordion } from './faq-accordion';
import { FAQ_ITEMS } from './faq-content';
import { ServiceCards } from './service-cards';
import '../landing.css';

const NETWORKS = ['MTN', 'GLO', 'Airtel', '9mobile'];

type TLandingPageProps = {
  /** The signed-in user's name, or null for a visitor. */
  userName: string | null;
  loggedIn: boolean;
  /** The site footer (its contact details come from the page's data or the API). */
  footer: ReactNode;
};

/**
 * The landing page, in the main bundle. It needs neither the router nor the store:
 * a visitor's first load shows it from the landing shell (app/landing-shell.tsx) before the app
 * is loaded; inside the app, app/router.tsx passes the session from the store.
 */
export const LandingPage = ({ userName, loggedIn, footer }: TLandingPageProps) => {
  return (
    <>
      <title>Vendo: airtime, data and electricity</title>
      <header className="landing-header">
        <div className="container landing-header-inner">
          <Brand inverted />
        </div>
      </header>
      <main>
        <section className="hero" aria-labelledby="welcome">
          <div className="container hero-inner">
            <div className="hero-copy">
              <p className="eyebrow">Airtime · Data · Electricity</p>
              <h1 id="welcome">
                {loggedIn && userName ? `Welcome back, ${userName}` : 'Welcome to Vendo'}
              </h1>
              <p className="hero-lead">
                Buy airtime, data bundles and electricity tokens in seconds, paid from one naira
                wallet. Cheaper as a reseller, with every transaction on record.
              </p>
              <div className="hero-actions">
                {loggedIn ? (
                  <Link className="btn btn-light btn-lg" to="/profile">
                    Dashboard
                  </Link>
                ) : (
                  <>
                    <Link className="btn btn-light btn-lg" to="/login">
                      Login
                    </Link>
                    <Link className="btn btn-outline-light btn-lg" to="/register">
                      Register
                    </Link>
                  </>
                )}
                <Link className="btn btn-link-light btn-lg" to="/priceList">
                  Price list <Icon path={arrowRightIcon} size={18} />
                </Link>
              </div>
              <ul className="hero-networks" aria-label="Supported networks">
                {NETWORKS.map((network) => (
                  <li key={network}>{network}</li>
                ))}
              </ul>
            </div>
            <div className="hero-art" aria-hidden="true">
              <div className="hero-card">
                <span className="hero-card-label">Wallet</span>
                <span className="hero-card-amount">₦ • • • •</span>
                <div className="hero-card-rows">
                  <span>
                    <Icon path={dataIcon} size={16} /> Data
                  </span>
                  <span>
                    <Icon path={airtimeIcon} size={16} /> Airtime
                  </span>
                  <span>
                    <Icon path={electricityIcon} size={16} /> Power
                  </span>
                </div>
              </div>
            </div>
          </div>
        </section>

        <section className="section" aria-labelledby="services">
          <div className="container">
            <h2 id="services" className="section-title">
              Everything you top up, in one place
            </h2>
            <p className="section-lead">
              One wallet for the three things every phone and home needs.
            </p>
            <ServiceCards />
          </div>
        </section>

        <section className="section section-alt" aria-labelledby="faq">
          <div className="container container-narrow">
            <h2 id="faq" className="section-title">
              Frequently asked questions
            </h2>
            <FaqAccordion items={FAQ_ITEMS} />
          </div>
        </section>
      </main>
      {footer}
    </>
  );
};
