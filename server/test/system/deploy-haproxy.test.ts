import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * deploy/haproxy.cfg, the balancer of docker-compose.yml, as Debian's HAProxy reads it
 * (`haproxy -c`): valid, and with the compose services' names standing for addresses here, free
 * of warnings too. A broken copy fails the same check, so the check can fail.
 */
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const skipped =
  process.env.SYSTEM_TESTS === '1'
    ? fs.existsSync(HAPROXY)
      ? null
      : `needs Debian's HAProxy (${HAPROXY} not found)`
    : "run by npm run test:system, CI's step for tests that need Debian's tools";

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `haproxy -c` on `config`: whether it passed, and what it said. */
const check = async (config: string): Promise<{ ok: boolean; output: string }> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-haproxy-check-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  try {
    const { stdout, stderr } = await run(HAPROXY, ['-c', '-f', file]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

describe.skipIf(skipped !== null)(
  `deploy/haproxy.cfg under haproxy -c${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    const config = fs.readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');

    it('is valid as shipped (the app containers resolve only inside compose)', async () => {
      const result = await check(config);
      expect(result.output).toContain('Configuration file is valid');
      expect(result.ok).toBe(true);
    });

    it('is valid with no warning once the service names resolve; a broken copy is refused', async () => {
      const resolved = config.replace(/ (app\d+):3000/g, ' 127.0.0.1:3000');
      const result = await check(resolved);
      expect(result.ok, result.output).toBe(true);
      expect(result.output).not.toMatch(/WARNING|ALERT/);
      const broken = await check(config.replace('balance roundrobin', 'balance nonsense'));
      expect(broken.ok).toBe(false);
      expect(broken.output).toMatch(/ALERT/);
    });
  },
);
