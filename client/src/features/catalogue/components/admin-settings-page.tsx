import { Link } from 'react-router-dom';
import '@/styles/components/select.css';
import '../catalogue.css';
import '../bills.css';
import { CostPriceSection } from './cost-price-section';
import { FeesSection } from './fees-section';
import { NotificationSection } from './notification-section';
import { ServicesSection } from './services-section';
import { SettingsSection } from './settings-section';
import { SupplierHealthSection } from './supplier-health-section';
import { SuppliersSection } from './suppliers-section';
import { UssdCodesSection } from './ussd-codes-section';

const SECTIONS = [
  { id: 'services', label: 'Services' },
  { id: 'prices', label: 'Prices' },
  { id: 'suppliers', label: 'Suppliers' },
  { id: 'supplier-health', label: 'Supplier health' },
  { id: 'cost-price', label: 'Cost price' },
  { id: 'notification', label: 'Notification' },
  { id: 'fees', label: 'Fees' },
  { id: 'ussd', label: 'USSD codes' },
];

/**
 * /profile/adminSettings (admins): services, prices, suppliers and their health, costs, notice,
 * fees, USSD.
 */
export const AdminSettingsPage = () => (
  <div className="settings-page">
    <div className="card settings-intro">
      <h1 className="card-title">Admin settings</h1>
      <nav aria-label="Settings sections" className="chip-row">
        {SECTIONS.map((section) => (
          <a key={section.id} className="chip" href={`#${section.id}`}>
            {section.label}
          </a>
        ))}
      </nav>
    </div>
    <ServicesSection />
    <SettingsSection
      id="prices"
      title="Update prices"
      lead="Data plans per network, and cable bouquets and exam PINs, with their prices, cost and margins."
    >
      <div className="settings-links">
        <Link className="btn btn-secondary" to="/profile/updatePrice">
          Open the plan page
        </Link>
        <Link className="btn btn-secondary" to="/profile/billsPrices">
          Cable and exam prices
        </Link>
      </div>
    </SettingsSection>
    <SuppliersSection />
    <SupplierHealthSection />
    <CostPriceSection />
    <NotificationSection />
    <FeesSection />
    <UssdCodesSection />
  </div>
);
