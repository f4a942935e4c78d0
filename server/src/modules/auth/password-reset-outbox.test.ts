import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import express from 'express';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { pruneMailOutbox, sendQueuedMail } from '../mail/mail-outbox.ts';
import { kickMailOutbox, outboxComposers, sha256 } from './reset-mail.ts';

const RESET_LINK = /\/passwordReset\/([0-9a-f]{64})\/([0-9a-f-]{36})/;

let t: TestApp;
let realMailer: Mailer;
beforeAll(async () => {
  t = await createTestApp({ RESET_RATE_LIMIT: '1000' });
  realMailer = t.ctx.mailer;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  t.ctx.mailer = realMailer;
});

const ask = (email: string, app: express.Express = t.app) =>
  supertest(app).post('/api/v1/auth/requestPasswordReset').send({ email });
const nobody = () => `nobody_${Math.random().toString(36).slice(2)}@example.test`;

/** A mailer that records each mail and when it was handed over. */
const recordingMailer = (fail?: () => Error) => {
  const sent: { mail: Mail; at: number }[] = [];
  t.ctx.mailer = {
    kind: 'sandbox',
    send: async (mail) => {
      if (fail) throw fail();
      sent.push({ mail, at: performance.now() });
    },
  };
  return sent;
};

const outboxRows = () => t.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));

describe('POST /api/v1/auth/requestPasswordReset does the same work for every e-mail', () => {
  it('answers byte for byte the same for an account and for an address no account has', async () => {
    const user = await createUser(t.ctx);
    const known = await ask(user.email);
    const unknown = await ask(nobody());

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    for (const header of ['content-type', 'content-length', 'cache-control', 'retry-after']) {
      expect(unknown.headers[header], header).toBe(known.headers[header]);
    }
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('writes one outbox row, then issues the link and sends the mail only after the answer', async () => {
    const sent = recordingMailer();
    const user = await createUser(t.ctx);
    const linksOf = () =>
      t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    const outboxOf = () => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    let answeredAt = 0;
    let atAnswer: Promise<[unknown[], unknown[]]> | undefined;
    const timed = express();
    timed.use((_req, res, next) => {
      // The moment the app hands its answer to the socket: what has the request written?
      const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
      res.end = ((...args: unknown[]) => {
        answeredAt = performance.now();
        atAnswer = Promise.all([linksOf(), outboxOf()]);
        return end(...args);
      }) as typeof res.end;
      next();
    });
    timed.use(t.app);

    expect((await ask(user.email, timed)).status).toBe(200);

    const [links, outbox] = await atAnswer!;
    expect(links).toEqual([]);
    expect(outbox).toEqual([
      expect.objectContaining({ kind: 'password_reset', status: 'queued', attempts: 0 }),
    ]);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.at).toBeGreaterThan(answeredAt);
    const token = RESET_LINK.exec(sent[0]!.mail.text)![1]!;
    expect((await linksOf()).map((l) => [l.tokenHash, l.usedAt])).toEqual([[sha256(token), null]]);
    // The row is marked sent just after the mail server took the mail.
    await expect
      .poll(() => outboxOf())
      .toEqual([
        expect.objectContaining({ status: 'sent', attempts: 1, sentAt: expect.any(Date) }),
      ]);
  });

  it('writes the same row for an address no account has, discarded, and mails nothing', async () => {
    const sent = recordingMailer();
    const address = nobody();
    const before = (await outboxRows())[0]?.id ?? 0;

    expect((await ask(address)).status).toBe(200);
    await kickMailOutbox(t.ctx);

    const rows = (await outboxRows()).filter((r) => r.id > before);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: null,
        kind: 'password_reset',
        status: 'discarded',
        attempts: 0,
      }),
    ]);
    expect(sent).toEqual([]);
  });

  it('waits in the outbox while the mail server is away; the mail loop sends it later, once, with the only live link', async () => {
    const unavailable = () => Object.assign(new Error('connect ECONNREFUSED'), { command: 'CONN' });
    recordingMailer(unavailable);
    const user = await createUser(t.ctx);

    expect((await ask(user.email)).status).toBe(200);
    // Claimed (attempts 1, sending), refused, back in the queue: wait for the last of the three.
    await expect
      .poll(async () => {
        const row = (await outboxRows()).find((r) => r.userId === user.id);
        return row && { status: row.status, attempts: row.attempts, sentAt: row.sentAt };
      })
      .toEqual({ status: 'queued', attempts: 1, sentAt: null });

    const sent = recordingMailer();
    expect(await sendQueuedMail(t.ctx, outboxComposers)).toBeGreaterThanOrEqual(1);
    const mine = sent.filter((s) => s.mail.to === user.email);
    expect(mine).toHaveLength(1);
    const token = RESET_LINK.exec(mine[0]!.mail.text)![1]!;
    const live = await t.ctx.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(live.map((l) => l.tokenHash)).toEqual([sha256(token)]);
    const [done] = (await outboxRows()).filter((r) => r.userId === user.id);
    expect(done).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await sendQueuedMail(t.ctx, outboxComposers)).toBe(0);
  });

  it('gives a mail up when the mail server refuses it for good', async () => {
    recordingMailer(() => Object.assign(new Error('550 no such mailbox'), { responseCode: 550 }));
    const user = await createUser(t.ctx);

    await ask(user.email);

    await expect
      .poll(async () => (await outboxRows()).find((r) => r.userId === user.id)?.status)
      .toBe('failed');
    const [failed] = (await outboxRows()).filter((r) => r.userId === user.id);
    expect(failed!.error).toContain('550');
  });

  it('sends again a mail a dead worker left sending, and gives up after 8 tries', async () => {
    const sent = recordingMailer();
    const [again, dead] = [await createUser(t.ctx), await createUser(t.ctx)];
    for (const user of [again, dead]) {
      await t.ctx.db.insert(mailOutbox).values({
        userId: user.id,
        kind: 'password_reset',
        status: 'sending',
        attempts: user === dead ? 8 : 1,
        claimedUntil: sql`now() - interval '1 second'`,
      });
    }

    await sendQueuedMail(t.ctx, outboxComposers);

    expect(sent.map((s) => s.mail.to)).toEqual([again.email]);
    const rows = await outboxRows();
    expect(rows.find((r) => r.userId === again.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.find((r) => r.userId === dead.id)).toMatchObject({
      status: 'failed',
      error: 'abandoned while sending',
    });
  });

  it('deletes finished rows after a week, never queued ones', async () => {
    recordingMailer(() => Object.assign(new Error('down'), { command: 'CONN' }));
    const user = await createUser(t.ctx);
    await ask(user.email);
    await ask(nobody());
    await sleep(100);
    await t.ctx.db.update(mailOutbox).set({ createdAt: sql`now() - interval '8 days'` });

    await pruneMailOutbox(t.ctx.db);

    const left = await outboxRows();
    expect(left.every((r) => r.status === 'queued')).toBe(true);
    expect(left.some((r) => r.userId === user.id)).toBe(true);
    await t.ctx.db.delete(mailOutbox).where(eq(mailOutbox.userId, user.id));
  });
});
