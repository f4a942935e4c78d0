import type { TSupplier } from '@vendo/shared/constants';
import type { SupplierRegistry } from './port.ts';
import { createSupplierRegistry } from './registry.ts';
import type { SupplierSettings } from './suppliers.config.ts';

/**
 * A registry usable before the server listens: the sandbox suppliers live at the app's own URL,
 * which is known only once the port is bound. bind() completes it; get() before that is a bug.
 */
export const createBoundRegistry = (settings: Record<TSupplier, SupplierSettings>) => {
  let inner: ReturnType<typeof createSupplierRegistry> | undefined;
  const registry: SupplierRegistry = {
    get: (name) => {
      if (!inner) throw new Error('Supplier registry used before the server was listening');
      return inner.get(name);
    },
  };
  return {
    registry,
    bind: (ownUrl: string) => {
      inner = createSupplierRegistry({ settings, sandboxBaseUrl: ownUrl });
    },
  };
};
