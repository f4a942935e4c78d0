import type { z } from 'zod';
import type {
  ZodOpenApiExamplesObject,
  ZodOpenApiOperationObject,
  ZodOpenApiParameters,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { ERROR_STATUS, type ErrorCode } from '@vendo/shared/errors';
import { ZApiError } from '@vendo/shared/schemas/common';

/**
 * The route table's vocabulary: one `ApiRoute` per mounted route, written next to its module's
 * neighbours in paths/*.ts and turned into an OpenAPI operation here. Request and answer schemas
 * are the shared zod schemas the server itself parses with and the contract test checks the
 * answers against; examples are checked against the same schemas (openapi.test.ts).
 */

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** Who may call a route; everything but `public` and `provider` needs x-auth-token. */
export type Access = 'public' | 'provider' | 'user' | 'agent' | 'couponVendor' | 'admin';

export type Example = { summary: string; value: unknown };
export type Examples = Record<string, Example>;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502;

export type ApiAnswer = {
  description: string;
  /** The answer's schema (application/json unless `contentType` says otherwise). */
  schema?: z.ZodType;
  contentType?: string;
  examples?: Examples;
};

export type ApiRoute = {
  method: Method;
  /** OpenAPI style, below the server URL /api/v1: `/admin/users/{id}`. */
  path: string;
  tags: string[];
  summary: string;
  description?: string;
  access: Access;
  body?: z.ZodType;
  bodyExamples?: Examples;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** Moves money: honours the Idempotency-Key header (or a `request_id` in the body). */
  idempotent?: boolean;
  /** Also accepts an API token (x-auth-token or `Authorization: Token …`), rate-limited per token. */
  apiToken?: boolean;
  /** Success answers (and, for purchases, the 400 that carries a refunded receipt). */
  answers: Partial<Record<number, ApiAnswer>>;
  /**
   * Error answers beyond the automatic ones (400 with a body or query, 401 unless public, 403
   * for staff routes, 422 when idempotent), or their examples in place of the defaults.
   */
  errors?: Partial<Record<ErrorStatus, Examples | true>>;
  /** The error body's schema: `{ msg, code }` everywhere but the provider callbacks (`{ msg }`). */
  errorSchema?: z.ZodType;
};

/** An error body as the API sends it: `{ msg, code }`, code one of shared/errors.ts. */
export const apiError = (code: ErrorCode, msg: string) => ({ msg, code });

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid (a field is missing or wrong); nothing was written',
  401: 'No valid x-auth-token: missing, expired, or revoked by a password change',
  403: 'Signed in, but this account may not do this',
  404: 'No such record, or it belongs to someone else',
  409: 'Conflicts with the current state (taken, already done, changed meanwhile)',
  422: 'This Idempotency-Key was already used with a different request',
  429: 'Too many attempts in the window; wait and try again',
  502: 'A provider (supplier, bank, payment gateway) could not be reached; nothing was charged',
};

const DEFAULT_ERROR_EXAMPLES: Record<ErrorStatus, Examples> = {
  400: {
    validation: {
      summary: 'A required field is missing',
      value: apiError('VALIDATION_ERROR', 'Please provide all values'),
    },
  },
  401: {
    unauthenticated: {
      summary: 'No token, or it expired or was revoked',
      value: apiError('UNAUTHENTICATED', 'Your session has expired. Please log in again.'),
    },
  },
  403: {
    forbidden: {
      summary: 'The role does not allow this route',
      value: apiError('FORBIDDEN', 'You are not allowed to do that'),
    },
  },
  404: {
    notFound: {
      summary: 'Unknown id, or not yours',
      value: apiError('NOT_FOUND', 'Transaction not found'),
    },
  },
  409: {
    conflict: {
      summary: 'Already taken or already done',
      value: apiError('CONFLICT', 'This transaction has already been refunded'),
    },
  },
  422: {
    idempotencyMismatch: {
      summary: 'Same Idempotency-Key, different body',
      value: apiError(
        'IDEMPOTENCY_MISMATCH',
        'This Idempotency-Key was already used with a different request',
      ),
    },
  },
  429: {
    rateLimited: {
      summary: 'Too many attempts',
      value: apiError(
        'RATE_LIMITED',
        'Too many attempts. Please wait a few minutes and try again.',
      ),
    },
  },
  502: {
    providerError: {
      summary: 'The provider did not answer usefully',
      value: apiError('PROVIDER_ERROR', 'Please try again in a moment.'),
    },
  },
};

const ROLE_TEXT: Record<Access, string> = {
  public: 'Anyone (no token).',
  provider: 'Called by the payment provider, authenticated by its signature (no token).',
  user: 'Any signed-in user.',
  agent: 'Admins and agents.',
  couponVendor: 'Admins and coupon vendors.',
  admin: 'Admins only.',
};

/** The error statuses a route answers, each with its examples. */
export const errorAnswersOf = (route: ApiRoute): Partial<Record<ErrorStatus, Examples>> => {
  const out: Partial<Record<ErrorStatus, Examples>> = {};
  const signedIn = route.access !== 'public' && route.access !== 'provider';
  if (route.body || route.query || route.params) out[400] = DEFAULT_ERROR_EXAMPLES[400];
  if (signedIn) out[401] = DEFAULT_ERROR_EXAMPLES[401];
  if (route.access === 'agent' || route.access === 'admin' || route.access === 'couponVendor') {
    out[403] = DEFAULT_ERROR_EXAMPLES[403];
  }
  if (route.idempotent) {
    out[409] = {
      keyInProgress: {
        summary: 'The first request with this Idempotency-Key is still running',
        value: apiError('CONFLICT', 'A request with this key is in progress'),
      },
    };
    out[422] = DEFAULT_ERROR_EXAMPLES[422];
  }
  if (route.apiToken) {
    out[429] = {
      tokenRateLimited: {
        summary: 'This API token used up its requests for the window',
        value: apiError(
          'RATE_LIMITED',
          'Too many requests with this API token. Try again in 23 seconds.',
        ),
      },
    };
  }
  for (const [status, examples] of Object.entries(route.errors ?? {})) {
    const s = Number(status) as ErrorStatus;
    out[s] = examples === true ? DEFAULT_ERROR_EXAMPLES[s] : examples;
  }
  return out;
};

const mediaExamples = (examples: Examples | undefined): ZodOpenApiExamplesObject | undefined =>
  examples && Object.keys(examples).length > 0 ? examples : undefined;

const answerObject = (answer: ApiAnswer): ZodOpenApiResponseObject => ({
  description: answer.description,
  ...(answer.schema || answer.examples
    ? {
        content: {
          [answer.contentType ?? 'application/json']: {
            ...(answer.schema ? { schema: answer.schema } : {}),
            ...(answer.examples ? { examples: mediaExamples(answer.examples) } : {}),
          },
        },
      }
    : {}),
});

const idempotencyHeader = {
  'Idempotency-Key': {
    in: 'header',
    name: 'Idempotency-Key',
    required: false,
    description:
      'Makes a retry safe: the same key with the same body gets the first answer (with `Idempotent-Replayed: true`) and moves money once; a purchase cut off after its debit whose answer was never kept is answered from its state now (also with `Idempotent-Rebuilt: true`); the same key with another body is refused (422); while the first request with the key is still running, a second gets 409. Keys are per user, kept at least 24 hours, 1 to 255 printable characters. A `request_id` field in the body does the same, and `GET /transaction/{id}` finds a purchase by it. Use a fresh UUID per purchase.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    example: '6f1c2b7e-4b8a-4f55-9a55-0f0c3c1f9a10',
  },
} as const;

/** The route as an OpenAPI operation (zod-openapi renders the schemas). */
export const toOperation = (route: ApiRoute): ZodOpenApiOperationObject => {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    if (answer) responses[status as `2${string}`] = answerObject(answer);
  }
  for (const [status, examples] of Object.entries(errorAnswersOf(route))) {
    if (responses[status as `4${string}`]) continue; // the route describes this status itself
    responses[status as `4${string}` | `5${string}`] = {
      description: ERROR_DESCRIPTIONS[Number(status) as ErrorStatus],
      ...(Number(status) === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again (when the server knows)',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: route.errorSchema ?? ZApiError, examples } },
    };
  }
  const requestParams: ZodOpenApiParameters = {};
  if (route.query) requestParams.query = route.query;
  if (route.params) requestParams.path = route.params;
  const publicRoute = route.access === 'public' || route.access === 'provider';
  return {
    operationId: operationIdOf(route),
    tags: route.tags,
    summary: route.summary,
    description: [route.description, `**Who:** ${ROLE_TEXT[route.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    ...(publicRoute
      ? { security: [] }
      : route.apiToken
        ? { security: [{ sessionToken: [] }, { apiToken: [] }] }
        : {}),
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(route.idempotent ? { parameters: [idempotencyHeader['Idempotency-Key']] } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: route.body,
                ...(route.bodyExamples ? { examples: route.bodyExamples } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
};

/** `post /admin/users/{id}` → `postAdminUsersById`: stable, readable, unique per route. */
export const operationIdOf = (route: Pick<ApiRoute, 'method' | 'path'>): string =>
  route.method +
  route.path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      const word = param ? `by-${param[1]}` : part;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('');
    })
    .join('');

/** Every error status of shared/errors.ts, for the document's description. */
export const errorCodeTable = (): string =>
  Object.entries(ERROR_STATUS)
    .map(([code, status]) => `| \`${code}\` | ${status} |`)
    .join('\n');
