import type { TNetwork } from '@vendo/shared/constants';

/**
 * The catalogue Vendo starts with: realistic 2026 prices in naira. Each row's prices satisfy
 * cost < api ≤ reseller ≤ smart earner (a database CHECK enforces it for admin edits too).
 * planId is the id customers see (the price list's id); supplier plan ids are per supplier.
 */
type Row = [
  network: TNetwork,
  type: string,
  plan: string,
  volumeMb: number,
  validity: string,
  cost: number,
  api: number,
  reseller: number,
  smart: number,
];

const ROWS: Row[] = [
  ['MTN', 'SME', '500MB', 500, '30 days', 370, 380, 385, 400],
  ['MTN', 'SME', '1GB', 1000, '30 days', 560, 575, 580, 600],
  ['MTN', 'SME', '2GB', 2000, '30 days', 1120, 1145, 1155, 1200],
  ['MTN', 'SME', '3GB', 3000, '30 days', 1680, 1715, 1730, 1790],
  ['MTN', 'SME', '5GB', 5000, '30 days', 2800, 2860, 2880, 2990],
  ['MTN', 'SME', '10GB', 10000, '30 days', 5600, 5710, 5760, 5950],
  ['MTN', 'SME2', '500MB', 500, '30 days', 360, 372, 378, 390],
  ['MTN', 'SME2', '1GB', 1000, '30 days', 545, 560, 566, 585],
  ['MTN', 'SME2', '2GB', 2000, '30 days', 1090, 1120, 1130, 1170],
  ['MTN', 'SME2', '5GB', 5000, '30 days', 2725, 2790, 2815, 2920],
  ['MTN', 'CG', '500MB', 500, '30 days', 380, 392, 398, 410],
  ['MTN', 'CG', '1GB', 1000, '30 days', 580, 596, 603, 625],
  ['MTN', 'CG', '2GB', 2000, '30 days', 1160, 1190, 1205, 1250],
  ['MTN', 'CG', '3GB', 3000, '30 days', 1740, 1785, 1805, 1870],
  ['MTN', 'CG', '5GB', 5000, '30 days', 2900, 2970, 3000, 3110],
  ['MTN', 'CG', '10GB', 10000, '30 days', 5800, 5935, 5990, 6210],
  ['MTN', 'COUPON', '1GB', 1000, '30 days', 520, 535, 540, 560],
  ['MTN', 'COUPON', '2GB', 2000, '30 days', 1040, 1065, 1075, 1115],
  ['MTN', 'COUPON', '3GB', 3000, '30 days', 1560, 1595, 1610, 1670],
  ['MTN', 'DIRECT', '1GB', 1000, '1 day', 480, 490, 495, 500],
  ['MTN', 'DIRECT', '1.5GB', 1500, '7 days', 960, 980, 985, 1000],
  ['MTN', 'DIRECT', '3.5GB', 3500, '30 days', 2400, 2445, 2460, 2500],
  ['MTN', 'DIRECT', '10GB', 10000, '30 days', 4350, 4420, 4450, 4500],
  ['GLO', 'CG', '500MB', 500, '30 days', 210, 220, 225, 235],
  ['GLO', 'CG', '1GB', 1000, '30 days', 420, 435, 440, 460],
  ['GLO', 'CG', '2GB', 2000, '30 days', 840, 865, 875, 910],
  ['GLO', 'CG', '3GB', 3000, '30 days', 1260, 1295, 1310, 1360],
  ['GLO', 'CG', '5GB', 5000, '30 days', 2100, 2155, 2175, 2260],
  ['GLO', 'CG', '10GB', 10000, '30 days', 4200, 4300, 4340, 4500],
  ['GLO', 'GIFTING', '1.5GB', 1500, '14 days', 900, 920, 930, 960],
  ['GLO', 'GIFTING', '3.9GB', 3900, '30 days', 1800, 1840, 1855, 1900],
  ['AIRTEL', 'CG', '500MB', 500, '30 days', 240, 250, 255, 265],
  ['AIRTEL', 'CG', '1GB', 1000, '30 days', 480, 495, 500, 520],
  ['AIRTEL', 'CG', '2GB', 2000, '30 days', 960, 985, 995, 1035],
  ['AIRTEL', 'CG', '5GB', 5000, '30 days', 2400, 2460, 2480, 2575],
  ['AIRTEL', 'CG', '10GB', 10000, '30 days', 4800, 4910, 4955, 5140],
  ['AIRTEL', 'GIFTING', '1.5GB', 1500, '30 days', 960, 980, 990, 1000],
  ['AIRTEL', 'GIFTING', '3GB', 3000, '30 days', 1440, 1470, 1480, 1500],
  ['9MOBILE', 'SME', '500MB', 500, '30 days', 190, 200, 205, 215],
  ['9MOBILE', 'SME', '1GB', 1000, '30 days', 380, 395, 400, 415],
  ['9MOBILE', 'SME', '2GB', 2000, '30 days', 760, 785, 795, 825],
  ['9MOBILE', 'SME', '5GB', 5000, '30 days', 1900, 1950, 1970, 2045],
  ['9MOBILE', 'GIFTING', '1.5GB', 1500, '30 days', 1000, 1020, 1030, 1050],
  ['9MOBILE', 'GIFTING', '4.5GB', 4500, '30 days', 1900, 1940, 1955, 2000],
];

export type CatalogueSeedRow = {
  planId: string;
  network: TNetwork;
  planType: string;
  plan: string;
  volumeMb: number;
  validity: string;
  costPriceKobo: number;
  apiPriceKobo: number;
  resellerPriceKobo: number;
  smartEarnerPriceKobo: number;
  supplierPlanIds: Record<string, string>;
  sortOrder: number;
};

export const CATALOGUE: CatalogueSeedRow[] = ROWS.map(
  ([network, planType, plan, volumeMb, validity, cost, api, reseller, smart], index) => ({
    planId: String(index + 1),
    network,
    planType,
    plan,
    volumeMb,
    validity,
    costPriceKobo: cost * 100,
    apiPriceKobo: api * 100,
    resellerPriceKobo: reseller * 100,
    smartEarnerPriceKobo: smart * 100,
    supplierPlanIds: { ALARO: `${plan}_${network}-${planType}`, GLAD: String(index + 1) },
    sortOrder: index,
  }),
);
