import { Agent, request } from 'undici';
import { checkWebhookUrlSyntax, publicOnlyLookup, type TargetRules } from './webhook-target.ts';

export type SendResult = {
  /** The answer's status, when one came (a 2xx is a delivery; anything else, 3xx too, is not). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

/**
 * One connection pool per rule set for the life of the process. With private targets refused,
 * every connection resolves its host through publicOnlyLookup: the address checked is the
 * address connected to.
 */
const agents = new Map<string, Agent>();
const agentFor = (rules: TargetRules, timeoutMs: number): Agent => {
  const key = `${rules.allowPrivateTargets}:${timeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connect: {
        timeout: timeoutMs,
        ...(rules.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
      },
      keepAliveTimeout: 10_000,
      pipelining: 1,
    });
    agents.set(key, agent);
  }
  return agent;
};

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 500);
};

/**
 * POSTs one webhook: no redirect is followed (undici's request follows none; a 3xx is a failed
 * attempt), at most `timeoutMs` for the whole exchange, the answer's body read and dropped.
 * Never throws: the outcome is in the result.
 */
export const sendWebhook = async (input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  rules: TargetRules;
  timeoutMs: number;
}): Promise<SendResult> => {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = checkWebhookUrlSyntax(input.url, input.rules);
    const response = await request(url, {
      method: 'POST',
      body: input.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vendo-Webhooks/1',
        ...input.headers,
      },
      dispatcher: agentFor(input.rules, input.timeoutMs),
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    if (ok) return done(response.statusCode, null);
    const location = response.headers.location;
    return done(
      response.statusCode,
      response.statusCode >= 300 && response.statusCode < 400
        ? `redirect to ${String(location ?? '?')} not followed`
        : `answered ${response.statusCode}`,
    );
  } catch (error) {
    return done(null, describe(error));
  }
};
