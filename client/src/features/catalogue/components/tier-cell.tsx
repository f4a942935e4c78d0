import { formatNairaAmount } from '@vendo/shared/money';

/** A tier's price and, for admins, its margin over the product's cost (red below zero). */
export const TierCell = ({
  label,
  tier,
  price,
  margin,
}: {
  label: string;
  tier: string;
  price: number;
  margin: number | null;
}) => (
  <td className={`cell-tier cell-${tier}`} data-label={label}>
    <span className="cell-money">{formatNairaAmount(price)}</span>
    {margin !== null && (
      <span
        className={margin < 0 ? 'plan-margin margin-negative' : 'plan-margin'}
        data-testid={`margin-${tier}`}
        title="Margin: price minus cost"
      >
        <span className="visually-hidden">Margin </span>
        {margin < 0 ? formatNairaAmount(margin) : `+${formatNairaAmount(margin)}`}
      </span>
    )}
  </td>
);
