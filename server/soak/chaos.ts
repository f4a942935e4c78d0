import { setTimeout as sleep } from 'node:timers/promises';
import type { AppProcess } from './app-processes.ts';
import type { PostgresServer } from './postgres-server.ts';
import type { Random } from './random.ts';

export type ChaosKind = 'kill' | 'db-restart';

/** What the chaos did, with wall-clock times (ms since the epoch). */
export type ChaosLog = {
  kills: { at: number; app: string; downMs: number }[];
  restarts: { at: number; how: string; downMs: number }[];
};

/**
 * When to break things, as offsets in ms from the start of the load: at least one kill -9 of an
 * app process every 180 s and one PostgreSQL restart every 270 s (1 and 1 in 90 s, 4 and 3 in
 * 10 minutes), each in its own slot between 10% and 85% of the run, at a random moment in the
 * middle of its slot, in a random order.
 */
export const planChaos = (seconds: number, random: Random): { at: number; kind: ChaosKind }[] => {
  const kinds: ChaosKind[] = [
    ...Array<ChaosKind>(Math.max(1, Math.ceil(seconds / 180))).fill('kill'),
    ...Array<ChaosKind>(Math.max(1, Math.ceil(seconds / 270))).fill('db-restart'),
  ];
  for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const first = 0.1 * seconds * 1000;
  const slot = (0.75 * seconds * 1000) / kinds.length;
  return kinds.map((kind, i) => ({
    kind,
    at: Math.round(first + slot * i + slot * (0.2 + 0.6 * random.next())),
  }));
};

/**
 * Carries the plan out, one event at a time: a kill -9 of a random app process, restarted after
 * a pause of 0–5 s; or a PostgreSQL restart, either `pg_ctl restart -m fast` or a fast stop,
 * 1–5 s down, and a start. `say` reports each as it happens.
 */
export const runChaos = async ({
  plan,
  startedAt,
  apps,
  postgres,
  random,
  say,
}: {
  plan: { at: number; kind: ChaosKind }[];
  startedAt: number;
  apps: AppProcess[];
  postgres: PostgresServer;
  random: Random;
  say: (line: string) => void;
}): Promise<ChaosLog> => {
  const log: ChaosLog = { kills: [], restarts: [] };
  const clock = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
  for (const event of plan) {
    const wait = startedAt + event.at - Date.now();
    if (wait > 0) await sleep(wait);
    if (event.kind === 'kill') {
      const running = apps.filter((a) => a.running());
      if (running.length === 0) continue;
      const app = random.pick(running);
      const pauseMs = random.int(0, 5000);
      const at = Date.now();
      await app.kill();
      say(`chaos ${clock()}: kill -9 ${app.name}; restart in ${(pauseMs / 1000).toFixed(1)} s`);
      await sleep(pauseMs);
      await app.start();
      log.kills.push({ at, app: app.name, downMs: Date.now() - at });
      say(`chaos ${clock()}: ${app.name} ready again`);
    } else {
      const at = Date.now();
      if (random.chance(0.5)) {
        say(`chaos ${clock()}: pg_ctl restart -m fast`);
        await postgres.restart();
        log.restarts.push({ at, how: 'pg_ctl restart -m fast', downMs: Date.now() - at });
      } else {
        const pauseMs = random.int(1000, 5000);
        await postgres.stop();
        say(`chaos ${clock()}: PostgreSQL stopped; start in ${(pauseMs / 1000).toFixed(1)} s`);
        await sleep(pauseMs);
        await postgres.start();
        log.restarts.push({ at, how: 'stop, start', downMs: Date.now() - at });
      }
      say(`chaos ${clock()}: PostgreSQL up again`);
    }
  }
  return log;
};
