import type { AppContext } from '../../src/app-context.ts';
import { startReconciler } from '../../src/jobs/reconciler.ts';
import { createLogger } from '../../src/lib/logger.ts';

/**
 * The app's background loops (jobs/reconciler.ts) over a test app's context, passing every 50 ms
 * (webhooks off), with every log line they write kept in `lines` to assert on.
 */
export const startFastLoops = (base: AppContext) => {
  const lines: { level: string; msg: string }[] = [];
  const ctx: AppContext = {
    ...base,
    logger: createLogger('info', {}, (line) => {
      lines.push(JSON.parse(line) as { level: string; msg: string });
    }),
    config: {
      ...base.config,
      vending: { ...base.config.vending, reconcileIntervalMs: 50 },
      webhooks: { ...base.config.webhooks, intervalMs: 0 },
    },
  };
  const loops = startReconciler(ctx);
  return {
    lines,
    /** How many lines say exactly `msg`. */
    count: (msg: string) => lines.filter((l) => l.msg === msg).length,
    stop: loops.stop,
  };
};
