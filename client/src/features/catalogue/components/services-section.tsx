import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api-error';
import { SERVICE_NAMES } from '@vendo/shared/constants';
import type { TServiceStatusRequest } from '@vendo/shared/schemas/admin';
import { useGetServicesQuery, useUpdateServiceMutation } from '../api/services.api';
import { SettingsSection } from './settings-section';

const nameOf = (service: string) => `${service[0]?.toUpperCase() ?? ''}${service.slice(1)}`;

/**
 * Services (docs/product-rules.md#staff-screens): a card per service, available or locked, with
 * Lock or Unlock.
 */
export const ServicesSection = () => {
  const { data, isError } = useGetServicesQuery(undefined);
  const [updateService, { isLoading: saving, originalArgs }] = useUpdateServiceMutation();

  const toggle = async (serviceName: string, open: boolean) => {
    try {
      const { msg } = await updateService({
        serviceName: serviceName as TServiceStatusRequest['serviceName'],
        serviceStatus: !open,
      }).unwrap();
      toast.success(msg);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  // Services the server lists; a known service with no row is open (as the server treats it).
  const services = (data ?? []).filter((s) =>
    (SERVICE_NAMES as readonly string[]).includes(s.serviceName),
  );

  return (
    <SettingsSection
      id="services"
      title="Services"
      lead="A locked service cannot be bought until it is unlocked."
    >
      {isError && !data ? (
        <p className="muted">The services could not be loaded.</p>
      ) : (
        <ul className="service-status-grid" aria-label="Services">
          {services.map((service) => {
            const busy = saving && originalArgs?.serviceName === service.serviceName;
            return (
              <li
                key={service.serviceName}
                className="service-status-card"
                aria-label={nameOf(service.serviceName)}
              >
                <div>
                  <p className="service-status-name">{nameOf(service.serviceName)}</p>
                  <p
                    className={
                      service.serviceStatus
                        ? 'service-state state-open'
                        : 'service-state state-locked'
                    }
                  >
                    {service.serviceStatus ? 'Available' : 'Locked'}
                  </p>
                </div>
                <button
                  type="button"
                  className={
                    service.serviceStatus ? 'btn btn-danger btn-sm' : 'btn btn-primary btn-sm'
                  }
                  disabled={busy}
                  onClick={() => void toggle(service.serviceName, service.serviceStatus)}
                >
                  {service.serviceStatus ? 'Lock' : 'Unlock'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </SettingsSection>
  );
};
