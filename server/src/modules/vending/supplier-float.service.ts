import { formatNaira, koboToNaira } from '@vendo/shared/money';
import { SUPPLIERS } from '@vendo/shared/constants';
import type { TSupplierFloat } from '@vendo/shared/schemas/admin.responses';
import type { AppContext } from '../../app-context.ts';
import type { SupplierBalance } from '../../providers/vending/port.ts';
import { raiseOpenAlert } from '../alerts/alerts.service.ts';

/**
 * Our float (wallet) at each vending supplier, read from the supplier's account page: all of
 * them at once, each within `floatTimeoutMs`, outside any database transaction. A supplier that
 * does not answer gives `balance: null` and why; nothing here ever fails the caller. A float
 * below `floatLowKobo` raises a 'float_low' alert, at most one open per supplier.
 */
export const supplierFloats = async (ctx: AppContext): Promise<TSupplierFloat[]> =>
  Promise.all(
    SUPPLIERS.map(async (supplier): Promise<TSupplierFloat> => {
      let answer: SupplierBalance;
      try {
        answer = await ctx.suppliers
          .get(supplier)
          .balance({ timeoutMs: ctx.config.vending.floatTimeoutMs });
      } catch (error) {
        answer = { error: `Could not ask ${supplier}: ${String(error)}` };
      }
      if ('error' in answer) return { supplier, balance: null, error: answer.error };
      if (answer.balanceKobo < ctx.config.vending.floatLowKobo) {
        try {
          await raiseOpenAlert(ctx, {
            kind: 'float_low',
            subject: supplier,
            message: `Our float at ${supplier} is ${formatNaira(answer.balanceKobo)}, below ${formatNaira(ctx.config.vending.floatLowKobo)}: top it up.`,
          });
        } catch (error) {
          ctx.logger.error('float alert failed', { supplier, error: String(error) });
        }
      }
      return { supplier, balance: koboToNaira(answer.balanceKobo) };
    }),
  );
