import {
  CABLE_PROVIDER_NAMES,
  CABLE_PROVIDERS,
  EXAM_PRODUCT_NAMES,
  EXAM_PRODUCTS,
  type TCableProvider,
  type TExamProduct,
} from '@vendo/shared/constants';

/** Cable TV and exam PIN words the screens and receipts share. */

export const PROVIDER_OPTIONS = CABLE_PROVIDERS.map((provider) => ({
  value: provider,
  label: CABLE_PROVIDER_NAMES[provider],
}));

export const toProvider = (value: string | undefined): TCableProvider | '' =>
  CABLE_PROVIDERS.find((provider) => provider === value) ?? '';

export const providerName = (value: string | undefined): string => {
  const provider = toProvider(value);
  return provider ? CABLE_PROVIDER_NAMES[provider] : (value ?? '');
};

/** Showmax has no smartcard: the subscription is on a phone number. */
export const smartcardLabel = (provider: string | undefined): string =>
  provider === 'showmax' ? 'Showmax phone number' : 'Smartcard / IUC number';

export const toExamProduct = (value: string | undefined): TExamProduct | '' =>
  EXAM_PRODUCTS.find((product) => product === value) ?? '';

export const examProductName = (value: string | undefined): string => {
  const product = toExamProduct(value);
  return product ? EXAM_PRODUCT_NAMES[product] : (value ?? '');
};

/** A due date as people read it ('2 Dec 2026'); the provider's text when it is not a date. */
export const formatDueDate = (day: string): string => {
  const date = new Date(`${day}T12:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime())
    ? date.toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' })
    : day;
};

/** "DStv Compact renewal": the provider's name once, even when the bouquet's name has it. */
export const cableProduct = (
  provider: string | undefined,
  bouquet: string,
  subscriptionType: string | undefined,
): string => {
  const name = providerName(provider);
  const kind = subscriptionType === 'renew' ? 'renewal' : 'subscription';
  const what = bouquet.toLowerCase().startsWith(name.toLowerCase())
    ? bouquet
    : `${name} ${bouquet}`;
  return `${what.trim()} ${kind}`;
};
