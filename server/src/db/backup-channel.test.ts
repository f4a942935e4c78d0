import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import {
  AppNotListeningError,
  controlSocketPath,
  requestBackup,
  startBackupChannel,
} from './backup-channel.ts';
import { openPglite, type Database } from './client.ts';
import { queryRows } from './query.ts';
import { inTransaction } from './retry.ts';

const folders: string[] = [];
const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
const dataFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-channel-'));
  folders.push(dir);
  return dir;
};
const open = async (options: Parameters<typeof openPglite>[0] = {}) => {
  const database = await openPglite(options);
  databases.push(database);
  return database;
};
const rowsIn = async (tar: Blob | Buffer) => {
  const copy = await open({ loadDataDir: tar instanceof Blob ? tar : new Blob([tar]) });
  const [row] = await queryRows<{ n: unknown }>(copy.db, sql`select count(*) as n from t`);
  return Number(row?.n);
};
const silent = createLogger('silent');

describe('the snapshot of the embedded database', () => {
  it('waits for the transaction in flight and copies it committed, never half done', async () => {
    const database = await open();
    await database.db.execute(sql`create table t (n int)`);
    let inserted!: () => void;
    const firstRow = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      inserted();
      await held;
      await tx.execute(sql`insert into t values (2)`);
    });
    await firstRow;

    let copied = false;
    const snapshot = database.snapshot!().then((tar) => {
      copied = true;
      return tar;
    });
    await sleep(300);
    expect(copied).toBe(false);
    finish();
    await transaction;
    expect(await rowsIn(await snapshot)).toBe(2);
  });
});

describe('the backup channel', () => {
  it('answers `backup` on a socket only its owner can reach, and removes the copy after', async () => {
    const dataDir = dataFolder();
    // What a killed process leaves: a socket file and a copy nobody collected.
    const control = path.join(dataDir, 'control');
    fs.mkdirSync(control, { mode: 0o755 });
    fs.writeFileSync(path.join(control, 'backup.sock'), '');
    fs.writeFileSync(path.join(control, 'snapshot-0123456789abcdef.tar'), 'stale');
    const database = await open();
    await database.db.execute(sql`create table t (n int)`);
    await database.db.execute(sql`insert into t values (1), (2), (3)`);
    const channel = await startBackupChannel({
      dataDir,
      snapshot: database.snapshot!,
      logger: silent,
    });
    try {
      expect(channel?.path).toBe(controlSocketPath(dataDir));
      expect(fs.statSync(control).mode & 0o777).toBe(0o700);
      expect(fs.statSync(channel!.path).mode & 0o777).toBe(0o600);
      expect(fs.statSync(channel!.path).isSocket()).toBe(true);
      expect(fs.readdirSync(control)).toEqual(['backup.sock']);

      // Two at once: one after the other, both answered.
      const [first, second] = await Promise.all([requestBackup(dataDir), requestBackup(dataDir)]);
      expect(await rowsIn(first)).toBe(3);
      expect(await rowsIn(second)).toBe(3);
      for (let i = 0; i < 50 && fs.readdirSync(control).length > 1; i += 1) await sleep(20);
      expect(fs.readdirSync(control)).toEqual(['backup.sock']);

      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.createConnection(channel!.path, () => socket.write('restore\n'));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(JSON.parse(answer)).toEqual({ ok: false, error: 'unknown request restore' });
    } finally {
      await channel?.close();
    }
    expect(fs.existsSync(controlSocketPath(dataDir))).toBe(false);
    await expect(requestBackup(dataDir)).rejects.toBeInstanceOf(AppNotListeningError);
  });

  it('answers a failed copy with its error and goes on listening', async () => {
    const dataDir = dataFolder();
    let fail = true;
    const database = await open();
    await database.db.execute(sql`create table t (n int)`);
    const channel = await startBackupChannel({
      dataDir,
      snapshot: () => (fail ? Promise.reject(new Error('no space left')) : database.snapshot!()),
      logger: silent,
    });
    try {
      await expect(requestBackup(dataDir)).rejects.toThrow(
        'the app could not take the backup: no space left',
      );
      fail = false;
      expect(await rowsIn(await requestBackup(dataDir))).toBe(0);
    } finally {
      await channel?.close();
    }
  });
});
