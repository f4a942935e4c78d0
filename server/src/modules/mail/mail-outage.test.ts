import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { startFastLoops } from '../../../test/helpers/background-loops.ts';
import { freePort } from '../../../test/helpers/free-port.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/helpers/smtp-catcher.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** Admin mail while the mail server is down: kept for later, never failed, never sent twice. */
let port: number;
let smtp: SmtpCatcher | undefined;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  port = await freePort(); // nothing listens there yet: the mail server is down
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = await createUser(t.ctx, { isAdmin: true });
  for (let i = 0; i < 6; i += 1) await createUser(t.ctx);
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

const progress = async (id: number) =>
  (await t.request().get(`/api/v1/admin/sendMail/${id}`).set('x-auth-token', admin.token)).body as {
    total: number;
    sent: number;
    failed: number;
    pending: number;
  };

describe('admin mail while the mail server is down', () => {
  it('stays queued, the mail loop pauses once, and every user gets it once when the server is back', async () => {
    const started = await t
      .request()
      .post('/api/v1/admin/sendMail')
      .set('x-auth-token', admin.token)
      .send({ subject: 'Outage notice', message: 'We are back.' });
    expect(started.status).toBe(200);
    const id = started.body.campaignId as number;
    await sleep(300); // the first drain meets the refused connection
    const before = await progress(id);
    expect(before).toMatchObject({ sent: 0, failed: 0, pending: before.total });
    expect(before.total).toBeGreaterThanOrEqual(7);

    const loops = startFastLoops(t.ctx);
    try {
      await sleep(1000);
      expect(loops.count('mail paused: mail server unavailable')).toBe(1);
      expect(loops.count('mail pass failed')).toBe(0);
      expect(await progress(id)).toMatchObject({ sent: 0, failed: 0 });

      smtp = await startSmtpCatcher({ port });
      for (let i = 0; i < 100 && (await progress(id)).sent < before.total; i++) await sleep(100);
      expect(await progress(id)).toMatchObject({ sent: before.total, failed: 0, pending: 0 });
      const perAddress = new Map<string, number>();
      for (const mail of smtp.messages) {
        for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      }
      expect(perAddress.size).toBe(before.total);
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      expect(loops.count('mail resumed')).toBe(1);
    } finally {
      await loops.stop();
    }
  });
});
