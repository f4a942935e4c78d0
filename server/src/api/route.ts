import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema/users.ts';
import type { StoredAnswer } from '../middleware/idempotency.ts';
import type { Access, ApiAnswer, ApiRoute } from '../openapi/operation.ts';

/**
 * One endpoint, declared once (docs/decisions/0030-one-route-table.md): what the reference says
 * about it (the `ApiRoute` fields: method, path, who may call it, schemas, examples) and what
 * serves it. `mountRoutes` applies authentication, the role check, idempotency and validation
 * from the declaration and calls `handler` with the parsed input; the OpenAPI document is
 * rendered from the same object.
 */

type Answers = Partial<Record<number, ApiAnswer>>;

/** What a schema parses to, or undefined when the route declares none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The caller on a signed-in route; none on public and provider routes. */
type CallerOf<A extends Access> = A extends 'public' | 'provider' ? undefined : UserRow;

/** The body an answer's schema accepts (what the handler may send under that status). */
type BodyOf<X> = X extends { schema: infer S extends z.ZodType } ? z.input<S> : unknown;

/** A handler's answer: one of the route's declared statuses with a body its schema accepts. */
export type Reply<A extends Answers> = {
  [S in keyof A & number]: { status: S; body: BodyOf<A[S]> };
}[keyof A & number];

export type HandlerInput<
  X extends Access,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
> = {
  ctx: AppContext;
  /** The signed-in caller (an API token's user on apiToken routes, never with staff powers). */
  user: CallerOf<X>;
  /**
   * The parsed body; on a provider callback, its raw bytes (the provider's signature is over
   * them, so it is read before any JSON parser, and its schema only documents it).
   */
  body: X extends 'provider' ? Buffer : Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  /** For what the declaration does not carry: headers, the address, the idempotency key. */
  req: Request;
  /** Only for answers that are no JSON (a CSV file, a cached document): then return undefined. */
  res: Response;
};

export type Route<
  X extends Access = Access,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  A extends Answers = Answers,
> = Omit<ApiRoute, 'access' | 'body' | 'query' | 'params' | 'answers'> & {
  access: X;
  body?: B;
  query?: Q;
  params?: P;
  answers: A;
  /** Mounted (and documented) only outside production: the sandbox's staff tools. */
  sandboxOnly?: boolean;
  /** Route-specific middleware run before authentication (rate limits keyed by address). */
  before?: (ctx: AppContext) => RequestHandler[];
  /** An idempotent route's answer rebuilt from the database when the first one was lost. */
  recover?: (ctx: AppContext, req: Request, found: { key: string }) => Promise<StoredAnswer | null>;
  /**
   * The answer holds secrets (exam PINs): it is stored without them (`receipt.pins` dropped), and
   * a replay is rebuilt by `recover` from the sealed receipt when it can be.
   */
  secretAnswer?: boolean;
  /** Async, so its answer's status stays the literal the table declares. */
  handler: (input: HandlerInput<X, B, Q, P>) => Promise<NoInfer<Reply<A>> | undefined>;
};

/** A route of any shape, as the table and the mounter hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = Route<Access, any, any, any, any>;

/**
 * Declares a route; the identity, there for inference: the handler's input is typed from the
 * schemas and its answers from `answers`.
 */
export const route = <
  const X extends Access,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
  const A extends Answers = Answers,
>(
  declaration: Route<X, B, Q, P, A>,
): Route<X, B, Q, P, A> => declaration;

/** A handler's answer: `status` stays the literal the route declares in `answers`. */
export const reply = <const S extends number, T>(status: S, body: T): { status: S; body: T } => ({
  status,
  body,
});
