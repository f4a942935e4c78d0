import type { TNetwork } from '@vendo/shared/constants';
import type { TUssdCode } from '@vendo/shared/schemas/catalogue';
import { useGetUssdCodesQuery } from '../api/get-ussd-codes.api';

type TUssdCodesCardProps = { category: TUssdCode['category']; network: TNetwork | '' };

const matches = (code: TUssdCode, network: TNetwork | '') =>
  network !== '' && code.label.toUpperCase().startsWith(network);

/** The balance-check codes of one category, the selected network's first. */
export const UssdCodesCard = ({ category, network }: TUssdCodesCardProps) => {
  const { data } = useGetUssdCodesQuery(undefined);
  const codes = (data?.ussdCodes ?? [])
    .filter((code) => code.category === category)
    .sort((a, b) => Number(matches(b, network)) - Number(matches(a, network)));
  if (codes.length === 0) return null;

  return (
    <section className="card ussd-card" aria-labelledby={`ussd-${category}-title`}>
      <h2 className="card-title" id={`ussd-${category}-title`}>
        Check your {category} balance
      </h2>
      <p className="muted small">Dial from the phone that has the line.</p>
      <ul className="ussd-list">
        {codes.map((code) => (
          <li key={code.id} className="ussd-item" data-current={matches(code, network)}>
            <span>{code.label}</span>
            <a href={`tel:${code.code.replace(/#/g, '%23')}`} className="ussd-code">
              {code.code}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};
