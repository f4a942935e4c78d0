import type { BillsPin } from '../../providers/bills/port.ts';
import { openSecretWithAny, sealSecret } from '../../lib/secret-box.ts';

/**
 * Exam PINs are secrets (decision 0039): a receipt keeps them sealed (AES-256-GCM under a key
 * derived from JWT_SECRET, lib/secret-box.ts) in `details.sealedPins`, beside `details.pinHints`
 * (each PIN's last four digits and its serial) for the masked view staff get. They are opened
 * only for the purchase's owner; the supplier's raw answer is stored without them.
 */

export const EXAM_PIN_PURPOSE = 'exam-pins';

export type ShownPin = { pin: string; serial: string | null };
type PinHint = { last4: string; serial: string | null };

/** What a delivered exam purchase adds to its receipt's details. */
export const sealPins = (serverSecret: string, pins: readonly BillsPin[]) => ({
  sealedPins: sealSecret(
    serverSecret,
    EXAM_PIN_PURPOSE,
    JSON.stringify(pins.map((p) => ({ pin: p.pin, serial: p.serial ?? null }))),
  ),
  pinHints: pins.map((p): PinHint => ({ last4: p.pin.slice(-4), serial: p.serial ?? null })),
});

/** '••••••1234': what staff (and anyone but the owner) see of a PIN. */
export const maskPin = (last4: string): string => `••••••${last4}`;

const hintsOf = (details: Record<string, unknown>): PinHint[] | null => {
  const hints = details.pinHints;
  if (!Array.isArray(hints)) return null;
  return hints.flatMap((h: unknown) => {
    const hint = h as Partial<PinHint> | null;
    return typeof hint?.last4 === 'string'
      ? [{ last4: hint.last4, serial: typeof hint.serial === 'string' ? hint.serial : null }]
      : [];
  });
};

/**
 * The PINs of a receipt as `viewer` may see them: in full for the owner (opened with the current
 * server secret, or the previous one during a rotation), masked for anyone else; undefined when
 * the receipt holds none.
 */
export const pinsFor = (
  details: Record<string, unknown> | null,
  viewer: { owner: boolean; secrets: readonly (string | undefined)[] },
): ShownPin[] | undefined => {
  if (!details) return undefined;
  const hints = hintsOf(details);
  if (!hints) return undefined;
  if (viewer.owner && typeof details.sealedPins === 'string') {
    const plain = openSecretWithAny(viewer.secrets, EXAM_PIN_PURPOSE, details.sealedPins);
    if (plain !== null) return JSON.parse(plain) as ShownPin[];
  }
  return hints.map((h) => ({ pin: maskPin(h.last4), serial: h.serial }));
};

/**
 * The supplier's raw answer with every PIN blanked, so the stored answer (staff read it) never
 * carries one in clear.
 */
export const withoutPins = (raw: string, pins: readonly BillsPin[] | undefined): string => {
  let text = raw;
  for (const p of pins ?? []) {
    if (p.pin) text = text.split(p.pin).join(maskPin(p.pin.slice(-4)));
  }
  return text;
};

/** The viewer `userId` is, with this server's secrets (toPublicTransaction's `viewer`). */
export const pinViewerOf = (
  ctx: { jwtSecret: string; config: { jwtSecretPrevious?: string | undefined } },
  userId: string,
) => ({ userId, secrets: [ctx.jwtSecret, ctx.config.jwtSecretPrevious] });
