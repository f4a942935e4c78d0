import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { t, useVendingTestApp } from './vending.test-helpers.ts';

useVendingTestApp();

describe('/api/v1/auth/contact', () => {
  it('adds, edits, lists and deletes only the owner’s contacts', async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const added = await t
      .request()
      .post('/api/v1/auth/contact')
      .set('x-auth-token', owner.token)
      .send({ contactName: 'Mum', contactNumber: '08031234567', contactNetwork: 'mtn' });
    expect(added.status).toBe(201);
    expect(added.body.contact).toMatchObject({
      contactName: 'Mum',
      contactNumber: '08031234567',
      contactNetwork: 'MTN',
    });
    const id = added.body.contact._id as string;

    expect(
      (
        await t
          .request()
          .patch(`/api/v1/auth/contact/${id}`)
          .set('x-auth-token', other.token)
          .send({ contactName: 'Hijack' })
      ).status,
    ).toBe(404);
    expect(
      (await t.request().delete(`/api/v1/auth/contact/${id}`).set('x-auth-token', other.token))
        .status,
    ).toBe(404);
    expect(
      (await t.request().get('/api/v1/auth/contact').set('x-auth-token', other.token)).body
        .contactList,
    ).toEqual([]);

    const edited = await t
      .request()
      .patch(`/api/v1/auth/contact/${id}`)
      .set('x-auth-token', owner.token)
      .send({ contactName: 'Mummy' });
    expect(edited.body.contact.contactName).toBe('Mummy');
    const removed = await t
      .request()
      .delete(`/api/v1/auth/contact/${id}`)
      .set('x-auth-token', owner.token);
    expect(removed.body.contactList).toEqual([]);
  });

  it.each([
    [{ contactNumber: '08031234567', contactNetwork: 'MTN' }, 'All fields are required'],
    [{ contactName: 'Mum', contactNetwork: 'MTN' }, 'All fields are required'],
    [
      { contactName: 'Mum', contactNumber: '123', contactNetwork: 'MTN' },
      'Please check the phone number entered',
    ],
    [
      { contactName: 'Mum', contactNumber: '08031234567', contactNetwork: 'VODA' },
      'Please select a network',
    ],
  ])('refuses %j with "%s"', async (body, msg) => {
    const owner = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/contact')
      .set('x-auth-token', owner.token)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('removes contacts unused for 30 days', async () => {
    const owner = await createUser(t.ctx);
    await t
      .request()
      .post('/api/v1/auth/contact')
      .set('x-auth-token', owner.token)
      .send({ contactName: 'Old', contactNumber: '08030000001', contactNetwork: 'MTN' });
    await t
      .request()
      .post('/api/v1/auth/contact')
      .set('x-auth-token', owner.token)
      .send({ contactName: 'New', contactNumber: '08030000002', contactNetwork: 'MTN' });
    await t.ctx.db
      .update(contacts)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(contacts.contactName, 'Old'));
    const { deleteInactiveContacts } = await import('../contacts/contacts.service.ts');
    expect(await deleteInactiveContacts(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const list = await t.request().get('/api/v1/auth/contact').set('x-auth-token', owner.token);
    expect(list.body.contactList.map((c: { contactName: string }) => c.contactName)).toEqual([
      'New',
    ]);
  });

  it('keeps a contact alive while it is used: a purchase, a transfer, its history shortcut', async () => {
    const owner = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const friend = await createUser(t.ctx, { phoneNumber: '08039990003' });
    const save = (contactName: string, contactNumber: string) =>
      t
        .request()
        .post('/api/v1/auth/contact')
        .set('x-auth-token', owner.token)
        .send({ contactName, contactNumber, contactNetwork: 'MTN' })
        .expect(201);
    await save('Bought', '08039990001');
    await save('Looked', '08039990002');
    await save('Friend', friend.phoneNumber);
    await save('Idle', '08039990004');
    // Saved 29 days ago and not used since.
    const age = (days: number) =>
      t.ctx.db
        .update(contacts)
        .set({
          lastUsedAt: sql`${contacts.lastUsedAt} - make_interval(days => ${days})`,
          createdAt: sql`${contacts.createdAt} - make_interval(days => ${days})`,
        })
        .where(eq(contacts.userId, owner.id));
    await age(29);

    const bought = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', owner.token)
      .send({ network: 1, mobile_number: '08039990001', amount: 100 });
    expect(bought.status).toBe(200);
    await t
      .request()
      .post('/api/v1/auth/transferFund')
      .set('x-auth-token', owner.token)
      .send({ userName: friend.userName, amount: 100 })
      .expect(200);
    await t
      .request()
      .get('/api/v1/transaction')
      .query({ phoneNumber: '08039990002' })
      .set('x-auth-token', owner.token)
      .expect(200);

    // Two days on: 31 days since they were saved; only the unused one goes.
    await age(2);
    const { deleteInactiveContacts } = await import('../contacts/contacts.service.ts');
    expect(await deleteInactiveContacts(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const list = await t.request().get('/api/v1/auth/contact').set('x-auth-token', owner.token);
    expect(list.body.contactList.map((c: { contactName: string }) => c.contactName).sort()).toEqual(
      ['Bought', 'Friend', 'Looked'],
    );
  });
});
