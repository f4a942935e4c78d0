import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import type { Random } from './random.ts';
import type { Recorder } from './recorder.ts';

export type Call = {
  /** What the summary counts it as ('buy-data', 'transfer' …). */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  /** An Idempotency-Key: the call is then retried with it as a real client would. */
  key?: string;
};

export type Answer = {
  label: string;
  status: number | null;
  fromApp: boolean;
  // The parsed JSON body (null when none or not JSON): read loosely, like any client does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  replayed: boolean;
  /** A replay rebuilt from the database (the first answer was never stored): the state now. */
  rebuilt: boolean;
  retryAfterMs: number | null;
};

/** How many times in all a keyed call is sent before the client gives up. */
const MAX_ATTEMPTS = 8;

/**
 * Whether a real client would send a keyed request again: the service said it is briefly
 * unavailable (503, ours or the balancer's), the balancer's 502/504 (the process died under it,
 * the outcome is unknown), no answer at all, or the key is still in progress (409).
 */
const retryable = (answer: Answer): boolean =>
  answer.status === 503 ||
  answer.label === 'lb-502' ||
  answer.label === 'lb-504' ||
  answer.status === null ||
  (answer.status === 409 && /in progress/i.test(String(answer.body?.msg ?? '')));

/** The HTTP client of the load: one attempt at a time recorded, keyed calls retried. */
export const createClient = ({
  baseUrl,
  recorder,
  random,
  connections,
}: {
  baseUrl: string;
  recorder: Recorder;
  random: Random;
  connections: number;
}) => {
  const agent = new Agent({
    connections,
    headersTimeout: 45_000,
    bodyTimeout: 45_000,
    keepAliveTimeout: 4_000,
  });

  /**
   * One attempt. A GET whose connection was closed under it (a keep-alive race with the
   * balancer) is sent once more at once, as HTTP clients do for idempotent requests; the first
   * attempt is counted as 'conn-error (GET, sent again)'.
   */
  const once = async (call: Call, { again = true } = {}): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (call.token) headers['x-auth-token'] = call.token;
    if (call.key) headers['idempotency-key'] = call.key;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const startedAt = Date.now();
    let answer: Answer;
    let excerpt: string | undefined;
    let requestId: string | undefined;
    try {
      const res = await request(`${baseUrl}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        dispatcher: agent,
      });
      const text = await res.body.text();
      const header = (name: string) => {
        const value = res.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      requestId = header('x-request-id');
      const fromApp = requestId !== undefined;
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      excerpt = text.slice(0, 300);
      const retryAfter = Number(header('retry-after'));
      answer = {
        label: fromApp ? String(res.statusCode) : `lb-${res.statusCode}`,
        status: res.statusCode,
        fromApp,
        body,
        replayed: header('idempotent-replayed') === 'true',
        rebuilt: header('idempotent-rebuilt') === 'true',
        retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
      };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      const timeout = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      excerpt = `${code} ${(error as Error).message}`;
      const retry = again && !timeout && call.method === 'GET';
      answer = {
        label: timeout ? 'timeout' : retry ? 'conn-error (GET, sent again)' : 'conn-error',
        status: null,
        fromApp: false,
        body: null,
        replayed: false,
        rebuilt: false,
        retryAfterMs: null,
      };
    }
    recorder.attempt({
      kind: call.kind,
      method: call.method,
      path: call.path,
      label: answer.label,
      status: answer.status,
      fromApp: answer.fromApp,
      startedAt,
      endedAt: Date.now(),
      ...(requestId ? { requestId } : {}),
      ...(excerpt !== undefined ? { excerpt } : {}),
    });
    if (answer.label === 'conn-error (GET, sent again)') return once(call, { again: false });
    return answer;
  };

  /**
   * Sends a call. Without a key, once (a client must not repeat a money request it cannot name).
   * With one, again after a pause (Retry-After, at most 5 s, else 0.5–2 s) while the answer is
   * retryable, up to MAX_ATTEMPTS and not after `stopRetryingAt`.
   */
  const send = async (call: Call, { stopRetryingAt }: { stopRetryingAt: number }) => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await once(call);
      if (attempt > 1 && answer.replayed) recorder.recoveredByReplay();
      if (!call.key || !retryable(answer)) return answer;
      if (attempt >= MAX_ATTEMPTS || Date.now() > stopRetryingAt) {
        recorder.gaveUp(`${call.method} ${call.path} (key ${call.key}): ${answer.label}`);
        return answer;
      }
      recorder.retried();
      await sleep(Math.min(5000, answer.retryAfterMs ?? random.int(500, 2000)));
    }
  };

  return { once, send, close: () => agent.close() };
};

export type Client = ReturnType<typeof createClient>;
