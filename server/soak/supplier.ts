import { fork, type ChildProcess } from 'node:child_process';
import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import type { Database } from '../src/db/client.ts';
import { sandboxSupplierUrl } from '../src/providers/vending/registry.ts';
import { readSandboxPriceList } from '../src/sandbox/vending/sandbox-store.ts';
import type { SupplierMessage, SupplierOrderRecord, SupplierSetup } from './supplier.process.ts';

export type SandboxSupplier = {
  /** ALARO_BASE_URL and GLAD_BASE_URL for the app processes. */
  env: Record<string, string>;
  /** Every order the suppliers hold, with its status now. */
  books: () => Promise<SupplierOrderRecord[]>;
  stop: () => Promise<void>;
};

const nextMessage = <T extends SupplierMessage['type']>(child: ChildProcess, type: T) =>
  new Promise<Extract<SupplierMessage, { type: T }>>((resolve, reject) => {
    const onMessage = (message: SupplierMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<SupplierMessage, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the sandbox supplier process exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });

/**
 * Starts the sandbox suppliers (supplier.process.ts) with the catalogue's price lists as the
 * database holds them and floats no run exhausts. `slowMs`: how long each holds a 3333 answer.
 */
export const startSandboxSupplier = async (
  database: Database,
  slowMs: Record<TSupplier, number>,
): Promise<SandboxSupplier> => {
  const setup: SupplierSetup = { type: 'setup', priceLists: {}, floatsKobo: {}, slowMs };
  for (const supplier of SUPPLIERS) {
    setup.priceLists[supplier] = [...(await readSandboxPriceList(database.db, supplier))];
    setup.floatsKobo[supplier] = 1_000_000_000_000_00;
  }
  // Inherits this process's flags, tsx's loader among them.
  const child = fork(new URL('./supplier.process.ts', import.meta.url), { stdio: 'inherit' });
  const listening = nextMessage(child, 'listening');
  child.send(setup);
  const { ports } = await listening;
  const env: Record<string, string> = {};
  for (const supplier of SUPPLIERS) {
    env[`${supplier}_BASE_URL`] = sandboxSupplierUrl(
      `http://127.0.0.1:${ports[supplier]}`,
      supplier,
    );
  }
  return {
    env,
    books: async () => {
      const answer = nextMessage(child, 'books');
      child.send({ type: 'dump' });
      return (await answer).orders;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exit;
    },
  };
};
