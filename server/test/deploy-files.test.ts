import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../src/config.ts';
import { haproxyConfig } from '../soak/haproxy.ts';

/**
 * The deployment files nobody runs here (there is no Docker on the test machines): the compose
 * file's app settings are settings the app reads, every setting a deployer sets reaches the app,
 * and the balancer in front of it is configured as the one the soak runs behind.
 * (`haproxy -c` on deploy/haproxy.cfg is a system test: it needs Debian's HAProxy.)
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The settings (`NAME:` lines) of the compose file's shared app environment block. */
const composeAppSettings = (): string[] => {
  const compose = read('docker-compose.yml');
  const start = compose.indexOf('x-app-environment: &app-environment\n');
  expect(start).toBeGreaterThanOrEqual(0);
  const block = compose.slice(start).split('\n').slice(1);
  const end = block.findIndex((line) => /^\S/.test(line));
  return block
    .slice(0, end)
    .map((line) => /^ {2}([A-Z][A-Z0-9_]*):/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
};

/** The sections of an HAProxy configuration: first line → its (trimmed, uncommented) lines. */
const sections = (config: string): Map<string, string[]> => {
  const result = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of config.split('\n')) {
    const line = raw.replace(/#.*/, '').trimEnd();
    if (!line.trim()) continue;
    if (/^\S/.test(line)) result.set(line, (current = []));
    else current?.push(line.trim());
  }
  return result;
};

describe('docker-compose.yml', () => {
  it('gives the app processes only settings the app reads', () => {
    const names = composeAppSettings();
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });

  it('passes every setting of .env.example through, but those of the process and the folder', () => {
    const deployer = [...read('.env.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map(
      (m) => m[1]!,
    );
    expect(deployer.length).toBeGreaterThan(40);
    const setByTheImage = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR'];
    const names = composeAppSettings();
    expect(deployer.filter((n) => !setByTheImage.includes(n) && !names.includes(n))).toEqual([]);
  });

  it('runs the app through PgBouncer with no named prepared statements, migrations straight to PostgreSQL', () => {
    const compose = read('docker-compose.yml');
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/\S+@pgbouncer:5432\/vendo/);
    expect(compose).toMatch(/DATABASE_MIGRATION_URL: postgres:\/\/\S+@db:5432\/vendo/);
    expect(compose).toContain("DATABASE_PREPARED_STATEMENTS: 'false'");
    expect(compose).toMatch(/POOL_MODE: transaction/);
    expect(compose).toMatch(/^ {2}app1: \*app$/m);
    expect(compose).toMatch(/^ {2}app2: \*app$/m);
    expect(compose).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });
});

describe('deploy/haproxy.cfg', () => {
  const deployed = sections(read('deploy/haproxy.cfg'));
  const soak = sections(
    haproxyConfig({
      port: 3000,
      servers: [
        { name: 'app1', port: 3001 },
        { name: 'app2', port: 3002 },
      ],
    }),
  );

  it('has the soak balancer’s settings: the same defaults, round robin, /readyz checks', () => {
    expect(deployed.get('global')).toEqual(soak.get('global'));
    expect(deployed.get('defaults')).toEqual(soak.get('defaults'));
    const backend = deployed.get('backend apps')!;
    for (const line of soak.get('backend apps')!.filter((l) => !l.startsWith('server '))) {
      expect(backend).toContain(line);
    }
    const checks = (lines: string[]) =>
      lines.filter((l) => l.startsWith('server ')).map((l) => l.replace(/^server \S+ \S+ /, ''));
    expect(checks(backend)).toEqual(checks(soak.get('backend apps')!));
  });

  it('balances every app process of the compose file', () => {
    const servers = deployed
      .get('backend apps')!
      .filter((l) => l.startsWith('server '))
      .map((l) => l.split(' ')[2]);
    const apps = [...read('docker-compose.yml').matchAll(/^ {2}(app\d+): \*app$/gm)].map(
      (m) => `${m[1]}:3000`,
    );
    expect(servers).toEqual(apps);
  });
});
