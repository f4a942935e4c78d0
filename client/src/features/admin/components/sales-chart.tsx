import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import type { TSalesChartResponse } from '@vendo/shared/schemas/admin.responses';
import { formatNairaAmount } from '@vendo/shared/money';
import { useEffect, useRef } from 'react';

// Only the pieces this chart draws: chart.js is tree-shaken to bars, two axes, tooltip, legend.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLOURS: Record<string, string> = {
  MTN: '#f4b400',
  GLO: '#0b8f3a',
  AIRTEL: '#d7262e',
  '9MOBILE': '#0a5c36',
};
const OTHER_COLOURS = ['#64748b', '#0ea5e9', '#a855f7', '#f97316'];

type TDay = TSalesChartResponse['days'][number];

/** Days (oldest first) × networks, with zeros where a network sold nothing that day. */
export const chartSeries = (days: readonly TDay[]) => {
  const dates = [...new Set(days.map((d) => d.date))].sort();
  const networks = [...new Set(days.map((d) => d.network))].sort();
  const at = new Map(days.map((d) => [`${d.date}|${d.network}`, d]));
  const sales = networks.map((network) => ({
    network,
    values: dates.map((date) => at.get(`${date}|${network}`)?.sales ?? 0),
  }));
  const profit = dates.map((date) =>
    networks.reduce((sum, network) => sum + (at.get(`${date}|${network}`)?.profit ?? 0), 0),
  );
  return { dates, sales, profit };
};

/** Sales per network (stacked bars) beside the day's profit (a dark bar), per Lagos day. */
export const SalesChart = ({ days }: { days: TSalesChartResponse['days'] }) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  const series = chartSeries(days);

  useEffect(() => {
    if (!canvas.current || series.dates.length === 0) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: series.dates.map((d) => d.slice(5)),
        datasets: [
          ...series.sales.map((s, index) => ({
            type: 'bar' as const,
            label: `${s.network} sales`,
            data: s.values,
            backgroundColor: COLOURS[s.network] ?? OTHER_COLOURS[index % OTHER_COLOURS.length],
            stack: 'sales',
          })),
          {
            type: 'bar' as const,
            label: 'Profit',
            data: series.profit,
            backgroundColor: '#0f1d18',
            stack: 'profit',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { stacked: true },
          y: { stacked: true, ticks: { callback: (v) => `₦${Number(v).toLocaleString('en-NG')}` } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${formatNairaAmount(Number(item.raw))}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
    // The series is derived from `days`; redraw when the data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days]);

  if (series.dates.length === 0) {
    return <p className="muted">No sales in the last 30 days.</p>;
  }
  const totalSales = series.sales.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
  const totalProfit = series.profit.reduce((a, b) => a + b, 0);
  return (
    <>
      <div className="admin-chart">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Sales ${formatNairaAmount(totalSales)} and profit ${formatNairaAmount(totalProfit)} over ${series.dates.length} days`}
        />
      </div>
      <details>
        <summary className="small">The figures as a table</summary>
        <table className="admin-table admin-table-always">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.sales.map((s) => (
                <th scope="col" className="num" key={s.network}>
                  {s.network}
                </th>
              ))}
              <th scope="col" className="num">
                Profit
              </th>
            </tr>
          </thead>
          <tbody>
            {series.dates.map((date, index) => (
              <tr key={date}>
                <td>{date}</td>
                {series.sales.map((s) => (
                  <td className="num" key={s.network}>
                    {formatNairaAmount(s.values[index] ?? 0)}
                  </td>
                ))}
                <td className="num">{formatNairaAmount(series.profit[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
};
