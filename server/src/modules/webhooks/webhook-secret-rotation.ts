import type { Db } from '../../db/client.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks.service.ts';
import { listSealedWebhookSecrets, replaceSealedWebhookSecret } from './webhooks.repository.ts';

const PAGE = 500;

/**
 * After JWT_SECRET is rotated (the old one in JWT_SECRET_PREVIOUS), seals every webhook signing
 * secret still sealed under the old server secret again under the new one, so the old one can
 * then be dropped. The signing secrets themselves do not change: receivers keep verifying.
 * Safe to run from several processes at once; answers how many it sealed again.
 */
export const resealWebhookSecrets = async (
  db: Db,
  { current, previous }: { current: string; previous: string },
): Promise<number> => {
  let after = '00000000-0000-0000-0000-000000000000';
  let resealed = 0;
  for (;;) {
    const page = await listSealedWebhookSecrets(db, after, PAGE);
    for (const row of page) {
      if (openSecret(current, WEBHOOK_SECRET_PURPOSE, row.sealed) !== null) continue;
      const plain = openSecret(previous, WEBHOOK_SECRET_PURPOSE, row.sealed);
      if (plain === null) continue;
      const again = sealSecret(current, WEBHOOK_SECRET_PURPOSE, plain);
      if (await replaceSealedWebhookSecret(db, row.id, row.sealed, again)) resealed += 1;
    }
    if (page.length < PAGE) return resealed;
    after = page.at(-1)!.id;
  }
};
