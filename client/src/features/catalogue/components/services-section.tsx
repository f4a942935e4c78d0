import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api-error';
import { NETWORKS, SERVICE_NAMES } from '@vendo/shared/constants';
import type { TService } from '@vendo/shared/schemas/admin.responses';
import { useGetServicesQuery, useUpdateServiceMutation } from '../api/services.api';
import { BillsLocks } from './bills-locks';
import { SettingsSection } from './settings-section';

const nameOf = (service: string) => `${service[0]?.toUpperCase() ?? ''}${service.slice(1)}`;

/** "Data", or "MTN data" for one network's lock. */
const labelOf = (service: TService) =>
  service.serviceType
    ? `${service.serviceName} ${service.serviceType}`
    : nameOf(service.serviceName);

const keyOf = (service: { serviceName: string; serviceType?: string | undefined }) =>
  `${service.serviceName}:${service.serviceType ?? ''}`;

/**
 * Services (docs/product-rules.md#staff-screens): a card per service, available or locked, with
 * Lock or Unlock; then each network's airtime and data, locked on their own while the rest sells;
 * then each cable provider and exam body.
 */
export const ServicesSection = () => {
  const { data, isError } = useGetServicesQuery(undefined);
  const [updateService, { isLoading: saving, originalArgs }] = useUpdateServiceMutation();

  const toggle = async (service: TService) => {
    try {
      const { msg } = await updateService({
        serviceName: service.serviceName,
        ...(service.serviceType ? { serviceType: service.serviceType } : {}),
        serviceStatus: !service.serviceStatus,
      }).unwrap();
      toast.success(msg);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  // Services the server lists; a known service with no row is open (as the server treats it).
  const whole = (data ?? []).filter(
    (s) => !s.serviceType && (SERVICE_NAMES as readonly string[]).includes(s.serviceName),
  );
  const perNetwork = (data ?? []).filter(
    (s) => s.serviceType && (NETWORKS as readonly string[]).includes(s.serviceName),
  );

  const card = (service: TService) => {
    const busy = saving && originalArgs !== undefined && keyOf(originalArgs) === keyOf(service);
    const label = labelOf(service);
    return (
      <li key={keyOf(service)} className="service-status-card" aria-label={label}>
        <div>
          <p className="service-status-name">{label}</p>
          <p
            className={
              service.serviceStatus ? 'service-state state-open' : 'service-state state-locked'
            }
          >
            {service.serviceStatus ? 'Available' : 'Locked'}
          </p>
        </div>
        <button
          type="button"
          className={service.serviceStatus ? 'btn btn-danger btn-sm' : 'btn btn-primary btn-sm'}
          disabled={busy}
          onClick={() => void toggle(service)}
        >
          {service.serviceStatus ? 'Lock' : 'Unlock'}
        </button>
      </li>
    );
  };

  return (
    <SettingsSection
      id="services"
      title="Services"
      lead="A locked service cannot be bought until it is unlocked. Lock one network's airtime or data, or one cable provider or exam body, when its supplier fails; the others keep selling."
    >
      {isError && !data ? (
        <p className="muted">The services could not be loaded.</p>
      ) : (
        <>
          <ul className="service-status-grid" aria-label="Services">
            {whole.map(card)}
          </ul>
          {perNetwork.length > 0 && (
            <>
              <h3 className="settings-subtitle">By network</h3>
              <ul className="service-status-grid" aria-label="Services by network">
                {perNetwork.map(card)}
              </ul>
            </>
          )}
        </>
      )}
      <BillsLocks />
    </SettingsSection>
  );
};
