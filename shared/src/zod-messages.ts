import type { z } from 'zod';

/**
 * Messages for people where a schema gives none of its own: every field error names the field in
 * plain English ("Amount is required", "Page must be a number"). A schema's own message (the
 * product's wording) always wins; this only replaces the schema library's default phrasing.
 */

/** Field names whose words are not simply their camelCase split. */
const FIELD_LABELS: Record<string, string> = {
  _id: 'Plan',
  id: 'Id',
  api: 'API price',
  apiPrice: 'API price',
  bvn: 'BVN',
  nin: 'NIN',
  dataId: 'Plan',
  mobile_number: 'Phone number',
  msg: 'Message',
  newPrice: 'New price',
  price: 'Price',
  reseller: 'Reseller price',
  meterId: 'Electricity company',
  plan: 'Data plan',
  planName: 'Plan name',
  planNetwork: 'Network',
  planVolumeRatio: 'Volume in GB',
  planAvailability: 'Availability',
  smartEarnerPrice: 'Smart earner price',
  planCostPrice: 'Cost price',
  costPrice: 'Cost price',
  userAccount: 'User account',
  url: 'Link',
  webhookUrl: 'Webhook URL',
  referredBy: 'Referrer',
  ported: 'Ported number',
  preview: 'Preview',
  open: 'Open',
  from: 'Start date',
  to: 'End date',
  date: 'Date',
  fundPageFeePercent: 'Fund page fee',
  accountCardFeePercent: 'Account card fee',
  expectedAmount: 'Expected amount',
  passwordCheck: 'Password confirmation',
  newPasswordCheck: 'New password confirmation',
};

/** `contactNumber` → 'Contact number', `mobile_number` → 'Mobile number'. */
const words = (key: string): string => {
  const spaced = key
    .replace(/^_+/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced ? `${spaced[0]!.toUpperCase()}${spaced.slice(1)}` : 'This value';
};

/** The label of the field an issue is about: its nearest named key, or the request itself. */
export const fieldLabel = (path: readonly PropertyKey[] | undefined): string => {
  const key = [...(path ?? [])].reverse().find((part) => typeof part === 'string');
  if (typeof key !== 'string') return path && path.length > 0 ? 'Each item' : 'The request';
  return FIELD_LABELS[key] ?? words(key);
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

const sizeWords = (origin: string | undefined, n: number | bigint): string => {
  if (origin === 'string') return `${n} character${n === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${n === 1 ? '' : 's'}`;
  return String(n);
};

const describeValue = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/** The global error map: a message for each kind of issue, naming the field. */
export const humanError = (issue: RawIssue): string => {
  const label = fieldLabel(issue.path);
  const missing = (issue as { input?: unknown }).input === undefined;
  if (missing && (issue.code === 'invalid_union' || issue.code === 'invalid_value')) {
    return `${label} is required`;
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) {
        return label === 'The request' ? 'The request body is required' : `${label} is required`;
      }
      if (label === 'The request') return 'The request body must be a JSON object';
      if (issue.input === null) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? 'a valid value'}`;
    }
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string' && Number(n) <= 1) return `${label} is required`;
      if (issue.origin === 'array' && Number(n) <= 1) return `${label} needs at least one item`;
      return `${label} must be at least ${sizeWords(issue.origin, n)}`;
    }
    case 'too_big':
      return `${label} must be at most ${sizeWords(issue.origin, issue.maximum)}`;
    case 'invalid_value': {
      const values = issue.values.map(describeValue);
      return values.length > 0 && values.length <= 8
        ? `${label} must be one of: ${values.join(', ')}`
        : `${label} is not valid`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid e-mail address' : `${label} is not valid`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
};
