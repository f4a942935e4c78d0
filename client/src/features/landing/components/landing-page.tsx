import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
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
import { lazyPage } from '@/lib/lazy-page';
import { ServiceCards } from './service-cards';

// The footer's contact details come from the API; its client stays out of the landing bundle.
const SiteFooter = lazyPage(() => import('./site-footer').then((m) => m.SiteFooter));

const NETWORKS = ['MTN', 'GLO', 'Airtel', '9mobile'];

/** The landing page (spec §1). It is the only page in the main bundle. */
export const LandingPage = () => {
  const { token, user } = useAppSelector((state) => state.auth);
  const loggedIn = Boolean(token);
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
                {loggedIn && user ? `Welcome back, ${user.userName}` : 'Welcome to Vendo'}
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
      <Suspense fallback={<footer className="site-footer" />}>
        <SiteFooter />
      </Suspense>
    </>
  );
};
