import { BILLS_QUOTE_MINUTES } from '@vendo/shared/constants';
import { apiError, type Examples } from '../../openapi/operation.ts';

/** What the reference says about cable TV and exam PINs (the bills routes). */

export const cableTags = ['Plans and prices'];
export const examTags = ['Plans and prices'];
export const epinTags = ['Plans and prices'];

export const QUOTE_RULES = `A verification is held on the server for ${BILLS_QUOTE_MINUTES} minutes as \`quoteId\`: only you can buy with it, for the same number, before \`expiresAt\`.`;

export const cableLocked: Examples = {
  locked: {
    summary: 'The provider is paused by an admin',
    value: apiError(
      'SERVICE_LOCKED',
      'DStv subscriptions are paused at the moment. Please try again later.',
    ),
  },
};

export const examLocked: Examples = {
  locked: {
    summary: 'The exam body is paused by an admin',
    value: apiError(
      'SERVICE_LOCKED',
      'WAEC result checker PIN sales are paused at the moment. Please try again later.',
    ),
  },
};

export const epinLocked: Examples = {
  locked: {
    summary: 'The network’s e-PINs are paused by an admin',
    value: apiError(
      'SERVICE_LOCKED',
      'MTN e-PIN sales are paused at the moment. Please try again later.',
    ),
  },
};

export const billsUnavailable: Examples = {
  unavailable: {
    summary: 'The supplier could not be asked; nothing was charged',
    value: apiError('PROVIDER_ERROR', 'Verification is unavailable right now; please try again'),
  },
};

export const quoteErrors = {
  400: {
    expired: {
      summary: 'The verification expired',
      value: apiError(
        'VALIDATION_ERROR',
        `That verification has expired (after ${BILLS_QUOTE_MINUTES} minutes). Verify the smartcard again.`,
      ),
    },
    otherCard: {
      summary: 'The verification is for another smartcard',
      value: apiError(
        'VALIDATION_ERROR',
        'That verification is for another smartcard. Verify this one first.',
      ),
    },
  },
  404: {
    quote: {
      summary: 'No such verification (or another user’s)',
      value: apiError('NOT_FOUND', 'That verification was not found. Verify the smartcard again.'),
    },
  },
};

export const invalidSmartcard: Examples = {
  invalid: {
    summary: 'The provider does not know the number',
    value: apiError(
      'VALIDATION_ERROR',
      'This Smartcard number is invalid. Please check and try again',
    ),
  },
};
