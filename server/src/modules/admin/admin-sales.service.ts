import { koboToNaira } from '@vendo/shared/money';
import type { TSalesChartResponse } from '@vendo/shared/schemas/admin.responses';
import type { AppContext } from '../../app-context.ts';
import { readDbOf } from '../../db/read-replica.ts';
import { salesByDayAndNetwork } from '../transactions/history.repository.ts';
import { lagosToday } from '../vending/supplier-reconciliation.service.ts';

export const SALES_CHART_DEFAULT_DAYS = 30;

/** The Lagos day `back` days before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, back: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);

/**
 * GET /admin/salesChart: sales and profit of delivered purchases per Lagos day and network over
 * the last `days` days (today included), oldest first. Days without sales have no entries.
 */
export const salesChart = async (
  ctx: AppContext,
  { days = SALES_CHART_DEFAULT_DAYS }: { days?: number } = {},
): Promise<TSalesChartResponse> => {
  const from = daysBefore(lagosToday(), days - 1);
  // A report: read from the replica when there is one (decision 0034).
  const rows = await salesByDayAndNetwork(await readDbOf(ctx), from, { primary: ctx.db });
  return {
    days: rows.map((r) => ({
      date: r.day,
      network: r.network,
      sales: koboToNaira(r.amountKobo),
      profit: koboToNaira(r.profitKobo, { allowNegative: true }),
    })),
  };
};
