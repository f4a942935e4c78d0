import { createHash, randomInt } from 'node:crypto';
import type { BillsServiceId } from '../../providers/bills/port.ts';

/**
 * What the sandbox VTpass sells: its services and their variations, priced in naira as VTpass
 * states them (late-2025 Nigerian prices, rounded), and the made-up customers behind smartcards
 * and JAMB profiles.
 */

export type SandboxVariation = { code: string; name: string; naira: number };
export type SandboxService = {
  id: BillsServiceId;
  name: string;
  type: 'TV Subscription' | 'Education' | 'Airtime Recharge PIN';
  /** What the trigger digits are read from: the billersCode, or the phone (most exam PINs). */
  triggerField: 'billersCode' | 'phone';
  /** merchant-verify: a smartcard/IUC (cable), a profile id (JAMB), or none. */
  verification: 'smartcard' | 'profile' | null;
  /** Exam services and e-PINs deliver PINs; JAMB one PIN without a serial. */
  pins: 'cards' | 'pin' | null;
  /** The most PINs one order may ask for (031/032 outside 1 to this). */
  maxQuantity: number;
  variations: SandboxVariation[];
};

const v = (code: string, name: string, naira: number): SandboxVariation => ({ code, name, naira });

const cable = (
  id: BillsServiceId,
  name: string,
  variations: SandboxVariation[],
  verification: 'smartcard' | null = 'smartcard',
): SandboxService => ({
  id,
  name,
  type: 'TV Subscription',
  triggerField: 'billersCode',
  verification,
  pins: null,
  maxQuantity: 1,
  variations,
});

const exam = (
  id: BillsServiceId,
  name: string,
  variations: SandboxVariation[],
): SandboxService => ({
  id,
  name,
  type: 'Education',
  triggerField: id === 'jamb' ? 'billersCode' : 'phone',
  verification: id === 'jamb' ? 'profile' : null,
  pins: id === 'jamb' ? 'pin' : 'cards',
  maxQuantity: 10,
  variations,
});

/** A network's recharge-card PINs: one variation per card value, at 97% of its face value. */
const epin = (id: BillsServiceId, network: string): SandboxService => ({
  id,
  name: `${network} Recharge Card PIN`,
  type: 'Airtime Recharge PIN',
  triggerField: 'phone',
  verification: null,
  pins: 'cards',
  maxQuantity: 100,
  variations: [100, 200, 500, 1000].map((value) =>
    v(String(value), `${network} N${value} PIN`, (value * 97) / 100),
  ),
});

export const SANDBOX_VTPASS_SERVICES: readonly SandboxService[] = [
  cable('dstv', 'DStv Subscription', [
    v('dstv-padi', 'DStv Padi N4,400', 4400),
    v('dstv-yanga', 'DStv Yanga N6,000', 6000),
    v('dstv-confam', 'DStv Confam N11,000', 11_000),
    v('dstv-compact', 'DStv Compact N19,000', 19_000),
    v('dstv-compact-plus', 'DStv Compact Plus N30,000', 30_000),
    v('dstv-premium', 'DStv Premium N44,500', 44_500),
  ]),
  cable('gotv', 'GOtv Subscription', [
    v('gotv-smallie', 'GOtv Smallie N1,900', 1900),
    v('gotv-jinja', 'GOtv Jinja N3,900', 3900),
    v('gotv-jolli', 'GOtv Jolli N5,800', 5800),
    v('gotv-max', 'GOtv Max N8,500', 8500),
    v('gotv-supa', 'GOtv Supa N11,400', 11_400),
  ]),
  cable('startimes', 'StarTimes Subscription', [
    v('nova', 'Nova (Antenna) N2,100 - 1 Month', 2100),
    v('basic', 'Basic (Antenna) N4,000 - 1 Month', 4000),
    v('smart', 'Smart (Dish) N5,100 - 1 Month', 5100),
    v('classic', 'Classic (Antenna) N6,000 - 1 Month', 6000),
    v('super', 'Super (Dish) N9,800 - 1 Month', 9800),
  ]),
  cable(
    'showmax',
    'Showmax',
    [v('mobile_only', 'Showmax Mobile N3,500', 3500), v('full', 'Showmax Pro N7,000', 7000)],
    null,
  ),
  exam('waec', 'WAEC Result Checker PIN', [v('waecdirect', 'WASSCE Result Checker PIN', 3900)]),
  exam('waec-registration', 'WAEC Registration PIN', [
    v('waec-registraion', 'WASSCE for Private Candidates - Second Half (GCE)', 27_000),
  ]),
  exam('neco', 'NECO Result Token', [v('neco', 'NECO Result Checker Token', 1400)]),
  exam('nabteb', 'NABTEB Result Checker PIN', [v('nabteb', 'NABTEB Result Checker PIN', 1000)]),
  exam('jamb', 'JAMB PIN VENDING (UTME & Direct Entry)', [
    v('utme', 'UTME PIN (with mock)', 7700),
    v('de', 'Direct Entry (DE)', 6200),
  ]),
  epin('epin-mtn', 'MTN'),
  epin('epin-glo', 'GLO'),
  epin('epin-airtel', 'Airtel'),
  epin('epin-9mobile', '9mobile'),
];

export const sandboxService = (id: string): SandboxService | undefined =>
  SANDBOX_VTPASS_SERVICES.find((s) => s.id === id);

/** A stable small number from a text, so one smartcard always names the same customer. */
const pick = (text: string, modulo: number): number =>
  createHash('sha256').update(text).digest().readUInt32BE(0) % modulo;

const NAMES = ['ADEBAYO OLUWASEUN', 'CHIOMA OKAFOR', 'IBRAHIM MUSA', 'NGOZI EZE', 'TUNDE BAKARE'];

/** The documented sandbox smartcard and profile id name known customers. */
const KNOWN: Record<string, string> = {
  '1212121212': 'TEST SMARTCARD',
  '0123456789': 'TEST CANDIDATE',
};

export const customerName = (number: string): string =>
  KNOWN[number] ?? NAMES[pick(number, NAMES.length)]!;

/** The bouquet a smartcard is on now (DStv 1212121212: Compact), due a fortnight from today. */
export const currentBouquetOf = (service: SandboxService, number: string) => {
  const variation =
    service.id === 'dstv' && number === '1212121212'
      ? service.variations.find((x) => x.code === 'dstv-compact')!
      : service.variations[pick(`${service.id}:${number}`, service.variations.length)]!;
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return { variation, dueDate: `${due}T00:00:00` };
};

const digits = (count: number): string =>
  Array.from({ length: count }, () => String(randomInt(10))).join('');

const serialPrefix = (service: SandboxService) =>
  service.type === 'Airtime Recharge PIN' ? 'SN' : service.id === 'neco' ? 'NRC' : 'WRN';

/** Fresh PINs for an order: `cards` with serials (exam, e-PINs), or JAMB's single PIN. */
export const newPins = (service: SandboxService, quantity: number) =>
  service.pins === 'pin'
    ? [{ pin: digits(16) }]
    : Array.from({ length: quantity }, () => ({
        serial: `${serialPrefix(service)}${digits(service.type === 'Airtime Recharge PIN' ? 12 : 9)}`,
        pin: digits(service.type === 'Airtime Recharge PIN' ? 16 : 12),
      }));
