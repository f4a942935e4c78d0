import { Icon } from '@/components/ui/icon';
import { airtimeIcon, dataIcon, electricityIcon } from '@/components/ui/public-icons';

const SERVICES: { icon: string; title: string; text: string }[] = [
  {
    icon: airtimeIcon,
    title: 'Airtime',
    text: 'Recharge any MTN, GLO, Airtel or 9mobile line from ₦100, with a discount on every top-up.',
  },
  {
    icon: dataIcon,
    title: 'Data bundles',
    text: 'SME, corporate gifting and direct data plans at reseller prices, delivered in seconds.',
  },
  {
    icon: electricityIcon,
    title: 'Electricity token',
    text: 'Pay prepaid and postpaid meters on eleven discos; the token shows on screen and in your history.',
  },
];

export const ServiceCards = () => (
  <ul className="service-grid">
    {SERVICES.map((service) => (
      <li className="card service-card" key={service.title}>
        <span className="service-icon">
          <Icon path={service.icon} size={24} />
        </span>
        <h3>{service.title}</h3>
        <p>{service.text}</p>
      </li>
    ))}
  </ul>
);
