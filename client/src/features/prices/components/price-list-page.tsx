import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import { servicePrices } from '@vendo/shared/pricing-table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PublicHeader } from '@/components/layout/public-header';
import { usePageData } from '@/lib/page-data';
import { useGetPricesQuery } from '../api/get-prices.api';
import '../prices.css';

type TFilter = 'ALL' | TNetwork;

/** /priceList: the public price list. A failure is only logged (docs/product-rules.md#messages). */
export const PriceListPage = () => {
  // The list embedded in the page is shown until the query has it (the first render, which the
  // server's markup must match, comes before the query starts).
  const embedded = usePageData('prices');
  const query = useGetPricesQuery(undefined);
  const { isError, error } = query;
  const rows = query.data ?? embedded ?? [];
  const isLoading = query.isLoading && !embedded;
  const [filter, setFilter] = useState<TFilter>('ALL');

  useEffect(() => {
    if (isError) console.error('Price list failed to load', error);
  }, [isError, error]);

  const shown = filter === 'ALL' ? rows : rows.filter((row) => row.plan_network === filter);

  return (
    <>
      <title>Price list · Vendo</title>
      <PublicHeader />
      <main className="container page">
        <div className="page-heading">
          <h1>Price list</h1>
          <p className="muted">
            Data, airtime and electricity prices for each account type: resellers and API users pay
            less. <Link to="/register">Register</Link> to start buying.
          </p>
        </div>

        <OtherPrices />

        <h2 className="price-section-title">Data plans</h2>
        <div className="chip-row" role="group" aria-label="Filter by network">
          {(['ALL', ...NETWORKS] as const).map((network) => (
            <button
              key={network}
              type="button"
              className="chip"
              aria-pressed={filter === network}
              onClick={() => setFilter(network)}
            >
              {network === 'ALL' ? 'All networks' : network}
            </button>
          ))}
        </div>

        {isLoading ? null : shown.length === 0 ? (
          <div className="card empty-state">
            <p>
              {isError || rows.length === 0
                ? 'Prices are not available right now. Please check back shortly.'
                : 'No plans for this network yet.'}
            </p>
          </div>
        ) : (
          <div className="price-table-wrap">
            <table className="price-table">
              <caption className="visually-hidden">Data plan prices</caption>
              <thead>
                <tr>
                  <th scope="col">Plan ID</th>
                  <th scope="col">Network-type</th>
                  <th scope="col">Volume</th>
                  <th scope="col">Price</th>
                  <th scope="col">Reseller</th>
                  <th scope="col">API</th>
                  <th scope="col">Validity</th>
                  <th scope="col">
                    <span className="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={`${row.plan_network}-${row.id}`}>
                    <td data-label="Plan ID" className="cell-muted">
                      {row.id}
                    </td>
                    <td data-label="Network-type" className="cell-network">
                      <span className={`network-badge network-${row.plan_network.toLowerCase()}`}>
                        {row.plan_network}
                      </span>{' '}
                      {row.plan_type}
                    </td>
                    <td data-label="Volume" className="cell-volume">
                      {row.plan}
                    </td>
                    <td data-label="Price" className="cell-money">
                      {formatNairaAmount(row.my_price)}
                    </td>
                    <td data-label="Reseller" className="cell-money">
                      {formatNairaAmount(row.resellerPrice)}
                    </td>
                    <td data-label="API" className="cell-money">
                      {formatNairaAmount(row.apiPrice)}
                    </td>
                    <td data-label="Validity">{row.month_validate.slice(0, 7)}</td>
                    <td className="cell-action">
                      <Link className="btn btn-primary btn-sm" to="/profile">
                        Buy now
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </>
  );
};

const TIER_NAMES: Record<string, string> = {
  'smart earner': 'Smart earner',
  reseller: 'Reseller',
  'api user': 'API user',
};

/** Airtime discounts per account type and the electricity fee: the rates purchases are charged. */
const OtherPrices = () => {
  const { airtime, electricity } = servicePrices();
  return (
    <section className="card price-services" aria-labelledby="price-services-title">
      <h2 className="card-title" id="price-services-title">
        Airtime and electricity
      </h2>
      {/* Scrolls inside its own box when large text makes it wider than the screen. */}
      <div className="price-services-scroll">
        <table className="price-services-table">
          <caption className="visually-hidden">Airtime discount by account type</caption>
          <thead>
            <tr>
              <th scope="col">Account type</th>
              <th scope="col">Airtime discount</th>
              <th scope="col">You pay for ₦1,000</th>
            </tr>
          </thead>
          <tbody>
            {airtime.map((tier) => (
              <tr key={tier.userType}>
                <th scope="row">{TIER_NAMES[tier.userType] ?? tier.userType}</th>
                <td>{tier.discountPercent}%</td>
                <td>{formatNairaAmount((1000 * tier.chargePercent) / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small" data-testid="electricity-fee">
        Electricity: the token's amount plus a {formatNairaAmount(electricity.feeNaira)} fee, for
        every account type.
      </p>
    </section>
  );
};
