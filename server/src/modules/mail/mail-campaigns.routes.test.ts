import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/helpers/smtp-catcher.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { mailRecipients, users } from '../../db/schema/index.ts';
import { claimRecipients, insertCampaign } from './mail-campaigns.repository.ts';
import { sendMailBatch } from './mail-campaigns.service.ts';

let smtp: SmtpCatcher;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await createUser(t.ctx, { isAdmin: true });
  for (let i = 0; i < 12; i += 1) await createUser(t.ctx);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (token: string, body: object) =>
  t.request().post('/api/v1/admin/sendMail').set('x-auth-token', token).send(body);

const allEmails = async () =>
  (await t.ctx.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();

/** How many messages each address received whose subject is `subject`. */
const receivedBy = (subject: string) => {
  const counts = new Map<string, number>();
  for (const mail of smtp.messages) {
    if (!mail.raw.includes(`Subject: ${subject}`)) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
};

describe('POST /admin/sendMail', () => {
  it('refuses agents and customers, blank fields and a link that is not http(s)', async () => {
    const agent = await createUser(t.ctx, { isAgent: true });
    expect((await send(agent.token, { subject: 's', message: 'm' })).status).toBe(403);
    const blank = await send(admin.token, { subject: '', message: 'm' });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('All fields are required');
    const js = await send(admin.token, { subject: 's', message: 'm', url: 'javascript:alert(1)' });
    expect(js.status).toBe(400);
    expect(js.body.msg).toBe('The link must start with http:// or https://');
  });

  it('mails one user at once', async () => {
    const target = await createUser(t.ctx);
    const res = await send(admin.token, {
      subject: 'Just you',
      message: 'Hello there',
      userAccount: target.userName,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, sent: 1, pending: 0 });
    expect([...receivedBy('Just you').entries()]).toEqual([[target.email, 1]]);
  });

  it('mails every user exactly once in the background, with progress to watch', async () => {
    const res = await send(admin.token, {
      subject: 'Everyone',
      message: 'Prices change on Monday.\n\nThank you.',
      url: 'https://vendo.test/prices',
      linkMessage: 'See the prices',
    });
    expect(res.status).toBe(200);
    const emails = await allEmails();
    expect(res.body.total).toBe(emails.length);
    let progress = res.body;
    for (let i = 0; i < 100 && progress.pending > 0; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      progress = (
        await t
          .request()
          .get(`/api/v1/admin/sendMail/${res.body.campaignId}`)
          .set('x-auth-token', admin.token)
      ).body;
    }
    expect(progress).toMatchObject({ sent: emails.length, failed: 0, pending: 0 });
    const counts = receivedBy('Everyone');
    expect([...counts.keys()].sort()).toEqual(emails);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const one = smtp.messages.find((m) => m.raw.includes('Subject: Everyone'))!;
    expect(one.raw).toContain('https://vendo.test/prices');
  });

  it('resumes after a worker dies mid-batch: everyone once, the one in flight not twice', async () => {
    const campaign = await insertCampaign(
      t.ctx.db,
      {
        actorId: admin.id,
        subject: 'Restart',
        message: 'After a restart',
        url: null,
        linkMessage: null,
      },
      null,
    );
    // A worker claims 5 recipients, starts sending to one, and its process dies.
    const claimed = await claimRecipients(t.ctx.db, {
      limit: 5,
      leaseSeconds: 120,
      campaignId: campaign.id,
    });
    expect(claimed).toHaveLength(5);
    const inFlight = claimed[0]!;
    await t.ctx.db
      .update(mailRecipients)
      .set({ status: 'sending' })
      .where(
        sql`${mailRecipients.campaignId} = ${campaign.id} and ${mailRecipients.userId} = ${inFlight.userId}::uuid`,
      );
    // A restarted process: nothing of the dead worker's is touched while its lease holds …
    await sendMailBatch(t.ctx, { campaignId: campaign.id });
    await sendMailBatch(t.ctx, { campaignId: campaign.id });
    expect(receivedBy('Restart').size).toBe(campaign.total - 5);
    // … and once it has run out, the claimed rows are sent and the in-flight one is failed.
    await t.ctx.db
      .update(mailRecipients)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailRecipients.campaignId, campaign.id));
    while ((await sendMailBatch(t.ctx, { campaignId: campaign.id })) > 0) {
      // drain
    }
    const counts = receivedBy('Restart');
    expect(counts.size).toBe(campaign.total - 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.has(inFlight.email)).toBe(false);
    const [failed] = await t.ctx.db
      .select()
      .from(mailRecipients)
      .where(
        sql`${mailRecipients.campaignId} = ${campaign.id} and ${mailRecipients.status} = 'failed'`,
      );
    expect(failed!.userId).toBe(inFlight.userId);
  });
});

describe('GET /api/v1/admin/sendMail/recipients', () => {
  it('names how many users a mail to everyone reaches, to admins only', async () => {
    const res = await t
      .request()
      .get('/api/v1/admin/sendMail/recipients')
      .set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(res.body).toEqual({ recipients: Number(row!.n) });
    await createUser(t.ctx);
    const after = await t
      .request()
      .get('/api/v1/admin/sendMail/recipients')
      .set('x-auth-token', admin.token);
    expect(after.body.recipients).toBe(res.body.recipients + 1);
    const customer = await createUser(t.ctx);
    const refused = await t
      .request()
      .get('/api/v1/admin/sendMail/recipients')
      .set('x-auth-token', customer.token);
    expect(refused.status).toBe(403);
  });
});
