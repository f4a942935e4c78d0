import type { TManagedBillsService } from '@vendo/shared/schemas/bills-admin';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api-error';
import { useGetBillsCatalogueQuery, useSetBillsServiceStatusMutation } from '../api/bills.api';

/**
 * The services screen's cable providers and exam bodies: each sells or is locked on its own
 * (POST /admin/bills/serviceStatus); buyers see a locked one as paused.
 */
export const BillsLocks = () => {
  const { data, isError } = useGetBillsCatalogueQuery(undefined);
  const [setStatus, { isLoading: saving, originalArgs }] = useSetBillsServiceStatusMutation();

  const toggle = async (service: TManagedBillsService) => {
    try {
      const body = { serviceId: service.serviceId, isOpen: !service.isOpen };
      toast.success((await setStatus(body).unwrap()).msg);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const card = (service: TManagedBillsService) => {
    const busy = saving && originalArgs?.serviceId === service.serviceId;
    return (
      <li key={service.serviceId} className="service-status-card" aria-label={service.name}>
        <div>
          <p className="service-status-name">{service.name}</p>
          <p className={service.isOpen ? 'service-state state-open' : 'service-state state-locked'}>
            {service.isOpen ? 'Available' : 'Locked'}
          </p>
        </div>
        <button
          type="button"
          className={service.isOpen ? 'btn btn-danger btn-sm' : 'btn btn-primary btn-sm'}
          aria-label={`${service.isOpen ? 'Lock' : 'Unlock'} ${service.name}`}
          disabled={busy}
          onClick={() => void toggle(service)}
        >
          {service.isOpen ? 'Lock' : 'Unlock'}
        </button>
      </li>
    );
  };

  if (isError && !data)
    return <p className="muted">The cable, exam and e-PIN services could not be loaded.</p>;
  const services = data?.services ?? [];
  const cable = services.filter((s) => s.kind === 'cable');
  const exam = services.filter((s) => s.kind === 'exam');
  const epin = services.filter((s) => s.kind === 'epin');
  return (
    <>
      {cable.length > 0 && (
        <>
          <h3 className="settings-subtitle">Cable TV</h3>
          <ul className="service-status-grid" aria-label="Cable TV providers">
            {cable.map(card)}
          </ul>
        </>
      )}
      {exam.length > 0 && (
        <>
          <h3 className="settings-subtitle">Exam PINs</h3>
          <ul className="service-status-grid" aria-label="Exam bodies">
            {exam.map(card)}
          </ul>
        </>
      )}
      {epin.length > 0 && (
        <>
          <h3 className="settings-subtitle">e-PINs</h3>
          <ul className="service-status-grid" aria-label="e-PIN networks">
            {epin.map(card)}
          </ul>
        </>
      )}
    </>
  );
};
