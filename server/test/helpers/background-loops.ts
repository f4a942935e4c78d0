import type { AppContext } from '../../src/app-context.ts';
import { startBackgroundJobs } from '../../src/jobs/background-jobs.ts';
import { createLogger } from '../../src/lib/logger.ts';

/**
 * The app's background loops (jobs/background-jobs.ts) over a test app's context, passing every
 * 50 ms (webhooks off), with every log line they write kept in `lines` to assert on.
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
  const loops = startBackgroundJobs(ctx);
  return {
    lines,
    /** How many lines say exactly `msg`. */
    count: (msg: string) => lines.filter((l) => l.msg === msg).length,
    stop: loops.stop,
  };
};
