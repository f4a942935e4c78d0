import type { DbOrTx } from '../../db/client.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { listSealedExamPins, replaceSealedExamPins } from './bills.repository.ts';
import { EXAM_PIN_PURPOSE } from './exam-pins.ts';

const PAGE = 500;

/**
 * After JWT_SECRET is rotated (the old one in JWT_SECRET_PREVIOUS), seals the PINs (exam, e-PINs) of every
 * receipt still sealed under the old server secret again under the new one, as webhook secrets
 * are (webhooks/webhook-secret-rotation.ts), so the old secret can then be dropped without the
 * owners losing their PINs. Safe to run from several processes at once; answers how many.
 */
export const resealExamPins = async (
  db: DbOrTx,
  { current, previous }: { current: string; previous: string },
): Promise<number> => {
  let after = '00000000-0000-0000-0000-000000000000';
  let resealed = 0;
  for (;;) {
    const page = await listSealedExamPins(db, after, PAGE);
    for (const row of page) {
      if (openSecret(current, EXAM_PIN_PURPOSE, row.sealed) !== null) continue;
      const plain = openSecret(previous, EXAM_PIN_PURPOSE, row.sealed);
      if (plain === null) continue;
      const again = sealSecret(current, EXAM_PIN_PURPOSE, plain);
      if (await replaceSealedExamPins(db, row.id, row.sealed, again)) resealed += 1;
    }
    if (page.length < PAGE) return resealed;
    after = page.at(-1)!.id;
  }
};
