import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { createHusmodataSupplier } from './husmodata.ts';
import type { SupplierRegistry, VendingSupplier } from './port.ts';
import type { SupplierSettings } from './suppliers.config.ts';

export type SandboxAwareSupplierRegistry = SupplierRegistry & {
  /** True when this supplier is the local sandbox (its base URL is unset). */
  isSandbox: (name: TSupplier) => boolean;
};

/** Where the app mounts the sandbox supplier routes (sandbox/vending/sandbox-supplier.routes.ts). */
export const SANDBOX_SUPPLIERS_PATH = '/sandbox/suppliers';

/** The sandbox API root of one supplier under the app's own URL. */
export const sandboxSupplierUrl = (sandboxBaseUrl: string, name: TSupplier): string =>
  `${sandboxBaseUrl.replace(/\/+$/, '')}${SANDBOX_SUPPLIERS_PATH}/${name.toLowerCase()}`;

/**
 * One adapter per supplier, built once. A supplier without a base URL talks to the sandbox
 * supplier the app serves itself, over real HTTP like any other supplier.
 */
export const createSupplierRegistry = ({
  settings,
  sandboxBaseUrl,
}: {
  settings: Record<TSupplier, SupplierSettings>;
  /** The app's own URL as this process can reach it, e.g. http://127.0.0.1:3000. */
  sandboxBaseUrl: string;
}): SandboxAwareSupplierRegistry => {
  const suppliers = new Map<TSupplier, VendingSupplier>();
  for (const name of SUPPLIERS) {
    const own = settings[name];
    suppliers.set(
      name,
      createHusmodataSupplier({
        name,
        baseUrl: own.baseUrl ?? sandboxSupplierUrl(sandboxBaseUrl, name),
        apiKey: own.apiKey,
        timeoutMs: own.timeoutMs,
        networkIds: own.networkIds,
      }),
    );
  }
  return {
    get: (name) => {
      const supplier = suppliers.get(name);
      if (!supplier) throw new Error(`Unknown supplier ${String(name)}`);
      return supplier;
    },
    isSandbox: (name) => settings[name].baseUrl === null,
  };
};
