import type { TManagedBillsProduct, TManagedBillsService } from '@vendo/shared/schemas/bills-admin';
import { formatNairaAmount } from '@vendo/shared/money';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { editIcon, plusIcon, trashIcon } from '@/components/ui/app-icons';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { errorMessage } from '@/lib/api-error';
import '../catalogue.css';
import '../bills.css';
import {
  useDeleteBillsProductMutation,
  useGetBillsCatalogueQuery,
  useUpdateBillsProductMutation,
} from '../api/bills.api';
import { BillsPriceDialog } from './bills-price-dialog';
import { BillsProductDialog } from './bills-product-dialog';
import { TierCell } from './tier-cell';

type TOpenDialog =
  | { kind: 'add'; service: TManagedBillsService }
  | {
      kind: 'edit' | 'price' | 'delete';
      service: TManagedBillsService;
      product: TManagedBillsProduct;
    }
  | null;

/**
 * /profile/billsPrices (docs/product-rules.md#bills-catalogue): each cable provider's bouquets
 * and each exam body's PINs with their tier prices, grouped by provider. Admins also see cost and
 * margins, add, edit, hide and delete bouquets; agents only change prices. Locks and suppliers
 * are in the admin settings.
 */
export const BillsPricesPage = () => {
  const isAdmin = useAppSelector(({ auth }) => auth.isAdmin || auth.user?.isAdmin === true);
  const { data, isError, refetch } = useGetBillsCatalogueQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const [update] = useUpdateBillsProductMutation();
  const [remove, removing] = useDeleteBillsProductMutation();
  const [toggling, setToggling] = useState<string | null>(null);
  const services = data?.services ?? [];

  const toggle = async (product: TManagedBillsProduct) => {
    setToggling(product._id);
    try {
      const body = { isAvailable: !product.isAvailable };
      toast.success((await update({ id: product._id, body }).unwrap()).msg);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setToggling(null);
    }
  };

  const confirmDelete = async (product: TManagedBillsProduct) => {
    try {
      toast.success((await remove(product._id).unwrap()).msg);
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const row = (service: TManagedBillsService, product: TManagedBillsProduct) => (
    <tr key={product._id} aria-label={product.name}>
      <td className="cell-plan">
        <span className="plan-name bills-name">{product.name}</span>
      </td>
      <td className="cell-type" data-label="Code">
        {product.code}
      </td>
      <td className="cell-validity" data-label="Supplier code">
        {product.supplierCode}
      </td>
      <TierCell
        label="Smart earner"
        tier="smartEarner"
        price={product.smartEarnerPrice}
        margin={isAdmin ? product.margins.smartEarner : null}
      />
      <TierCell
        label="Reseller"
        tier="reseller"
        price={product.resellerPrice}
        margin={isAdmin ? product.margins.reseller : null}
      />
      <TierCell
        label="API"
        tier="api"
        price={product.apiPrice}
        margin={isAdmin ? product.margins.api : null}
      />
      {isAdmin && (
        <td className="cell-cost" data-label="Cost">
          <span className="cell-money">{formatNairaAmount(product.costPrice)}</span>
        </td>
      )}
      {isAdmin && (
        <td className="cell-available" data-label="Available">
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={product.isAvailable}
            aria-label={`${product.name} available`}
            disabled={toggling === product._id}
            onClick={() => void toggle(product)}
          >
            <span className="switch-track" aria-hidden="true" />
            <span className="switch-text">{product.isAvailable ? 'On' : 'Off'}</span>
          </button>
        </td>
      )}
      <td className="cell-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Change price of ${product.name}`}
          onClick={() => setDialog({ kind: 'price', service, product })}
        >
          Change price
        </button>
        {isAdmin && (
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit ${product.name}`}
            title="Edit"
            onClick={() => setDialog({ kind: 'edit', service, product })}
          >
            <Icon path={editIcon} size={18} />
          </button>
        )}
        {isAdmin && service.kind === 'cable' && (
          <button
            type="button"
            className="icon-button icon-button-danger"
            aria-label={`Delete ${product.name}`}
            title="Delete"
            onClick={() => setDialog({ kind: 'delete', service, product })}
          >
            <Icon path={trashIcon} size={18} />
          </button>
        )}
      </td>
    </tr>
  );

  const section = (service: TManagedBillsService) => (
    <section
      key={service.serviceId}
      id={`bills-${service.serviceId}`}
      className="bills-service"
      aria-labelledby={`bills-${service.serviceId}-title`}
    >
      <div className="bills-service-head">
        <h2 className="settings-subtitle" id={`bills-${service.serviceId}-title`}>
          {service.name}
        </h2>
        <span
          className={service.isOpen ? 'service-state state-open' : 'service-state state-locked'}
        >
          {service.isOpen ? 'Selling' : 'Locked'}
        </span>
        {isAdmin && service.kind === 'cable' && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Add bouquet to ${service.name}`}
            onClick={() => setDialog({ kind: 'add', service })}
          >
            <Icon path={plusIcon} size={16} /> Add bouquet
          </button>
        )}
      </div>
      {service.products.length === 0 ? (
        <p className="muted">{service.name} sells nothing yet.</p>
      ) : (
        <div className="plan-table-wrap">
          <table className={isAdmin ? 'plan-table plan-table-admin' : 'plan-table'}>
            <caption className="visually-hidden">{service.name} products</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Code</th>
                <th scope="col">Supplier code</th>
                <th scope="col">Smart earner</th>
                <th scope="col">Reseller</th>
                <th scope="col">API</th>
                {isAdmin && <th scope="col">Cost</th>}
                {isAdmin && <th scope="col">Available</th>}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>{service.products.map((product) => row(service, product))}</tbody>
          </table>
        </div>
      )}
    </section>
  );

  return (
    <section className="card plan-page" aria-labelledby="bills-page-title">
      <div className="page-head">
        <div>
          <h1 className="card-title" id="bills-page-title">
            Cable and exam prices
          </h1>
          <p className="muted small">
            {isAdmin
              ? 'Bouquets and exam PINs: prices, cost and margin per tier. Changes reach buyers at once; lock a provider in the admin settings.'
              : 'Change the prices of bouquets and exam PINs. Changes reach buyers at once.'}
          </p>
        </div>
      </div>
      {services.length > 0 && (
        <nav aria-label="Providers and exam bodies" className="chip-row bills-jump">
          {services.map((service) => (
            <a key={service.serviceId} className="chip" href={`#bills-${service.serviceId}`}>
              {service.name}
            </a>
          ))}
        </nav>
      )}
      {isError && !data ? (
        <div className="empty-state">
          <p>The cable and exam products could not be loaded.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        services.map(section)
      )}

      {dialog?.kind === 'add' && (
        <BillsProductDialog serviceId={dialog.service.serviceId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <BillsProductDialog
          product={dialog.product}
          serviceId={dialog.service.serviceId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'price' && (
        <BillsPriceDialog product={dialog.product} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <Dialog
          title="Delete bouquet?"
          description={`${dialog.product.name} will no longer be sold. Past receipts keep its name. To stop selling it for a while, switch it off instead.`}
          onClose={() => !removing.isLoading && setDialog(null)}
        >
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setDialog(null)}
              disabled={removing.isLoading}
              data-autofocus
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void confirmDelete(dialog.product)}
              disabled={removing.isLoading}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
