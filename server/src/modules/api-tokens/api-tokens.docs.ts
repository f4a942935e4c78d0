import { apiError } from '../../openapi/operation.ts';

/** The reference's section for an API user's own tokens and webhooks. */
export const developerTags = ['Developers'];

/**
 * Tokens and webhooks are managed with the session (the web app), never with an API token: a
 * leaked token cannot mint others or move the webhook.
 */
export const sessionOnly = {
  token: {
    summary: 'Called with an API token',
    value: apiError('FORBIDDEN', 'API tokens cannot be used here; sign in'),
  },
};
