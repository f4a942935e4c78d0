import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { ReadDb } from './db/read-replica.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { TSupplier } from '@vendo/shared/constants';
import type { BillsSupplier } from './providers/bills/port.ts';
import type { SupplierRegistry } from './providers/vending/port.ts';
import type { SupplierSettings } from './providers/vending/suppliers.config.ts';

/** What every route and service may use; built once in main.ts (or per test). */
export type AppContext = {
  db: Db;
  /**
   * Reports' reads (history, statements, CSV exports, dashboard, sales chart): a streaming
   * replica once it has replayed every write made before the call, else `db`. Unset: `db`.
   * Resolve it with readDbOf(ctx), once per request. Never for balances or a read then decided on.
   */
  readDb?: ReadDb;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  jwtSecret: string;
  suppliers: SupplierRegistry;
  /**
   * The bills supplier (cable TV, exam PINs) when a test gives its own; otherwise
   * billsSupplierOf (modules/bills/bills-supplier.ts) builds it from VTPASS_*.
   */
  bills?: BillsSupplier;
  supplierSettings: Record<TSupplier, SupplierSettings>;
  /** This server's own base URL as it can reach itself (the sandbox providers live there). */
  selfUrl: () => string;
  /** This app's Prometheus registry and the events services record in it (GET /metrics). */
  metrics: Metrics;
};
