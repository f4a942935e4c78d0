import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { sessionFromToken } from '../../middleware/auth.ts';
import { resealWebhookSecrets } from './webhook-secret-rotation.ts';
import { saveWebhookSecret } from './webhooks.repository.ts';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks.service.ts';

/** JWT_SECRET rotated: the old secret moves to JWT_SECRET_PREVIOUS while the change settles. */
let t: TestApp;
let rotated: AppContext;
const NEW_SECRET = 'the-new-server-secret-the-new-server-secret-42';

beforeAll(async () => {
  t = await createTestApp();
  rotated = {
    ...t.ctx,
    jwtSecret: NEW_SECRET,
    config: { ...t.ctx.config, jwtSecretPrevious: t.ctx.jwtSecret },
  };
});
afterAll(() => t.close());

const sealedOf = async (userId: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.webhookSecretEncrypted!;

describe('rotating JWT_SECRET', () => {
  it('keeps sessions signed with the previous secret, and only while it is configured', async () => {
    const user = await createUser(t.ctx);
    expect((await sessionFromToken(rotated, user.token))?.user.id).toBe(user.id);
    const dropped = { ...rotated, config: { ...rotated.config, jwtSecretPrevious: undefined } };
    expect(await sessionFromToken(dropped, user.token)).toBeNull();
  });

  it('seals webhook secrets again under the new secret, leaving the signing secret unchanged', async () => {
    const old = await createUser(t.ctx);
    const already = await createUser(t.ctx);
    const unreadable = await createUser(t.ctx);
    const seal = (secret: string, plain: string) => ({
      sealed: sealSecret(secret, WEBHOOK_SECRET_PURPOSE, plain),
      hint: plain.slice(-4),
    });
    await saveWebhookSecret(t.ctx.db, old.id, seal(t.ctx.jwtSecret, 'whsec_old_user_1234'));
    await saveWebhookSecret(t.ctx.db, already.id, seal(NEW_SECRET, 'whsec_new_user_5678'));
    await saveWebhookSecret(t.ctx.db, unreadable.id, seal('some-other-secret-'.repeat(3), 'x'));
    const alreadySealed = await sealedOf(already.id);
    const unreadableSealed = await sealedOf(unreadable.id);

    const keys = { current: NEW_SECRET, previous: t.ctx.jwtSecret };
    expect(await resealWebhookSecrets(t.ctx.db, keys)).toBe(1);
    const resealed = await sealedOf(old.id);
    expect(openSecret(NEW_SECRET, WEBHOOK_SECRET_PURPOSE, resealed)).toBe('whsec_old_user_1234');
    expect(openSecret(t.ctx.jwtSecret, WEBHOOK_SECRET_PURPOSE, resealed)).toBeNull();
    expect(await sealedOf(already.id)).toBe(alreadySealed);
    expect(await sealedOf(unreadable.id)).toBe(unreadableSealed);

    // Every process runs it at start: the second run finds nothing left to do.
    expect(await resealWebhookSecrets(t.ctx.db, keys)).toBe(0);
  });
});
