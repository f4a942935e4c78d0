import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '@/lib/http-client';

export type TReply = { status: number; data?: unknown } | 'network-error';
export type TRoute = TReply | ((request: TRecordedRequest) => TReply);

export type TRecordedRequest = {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
  /** Query parameters (`params` of the request); the route key is the path without them. */
  params: Record<string, unknown>;
};

/**
 * Replaces the axios adapter of the one HTTP client: requests never leave the test. Routes are
 * keyed 'METHOD /path' (path under /api/v1); unknown routes answer 404 like the server.
 */
export const stubHttp = (routes: Record<string, TRoute>): TRecordedRequest[] => {
  const requests: TRecordedRequest[] = [];
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const request: TRecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: { ...config.headers.toJSON() },
      params: { ...(config.params as Record<string, unknown> | undefined) },
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.url}`];
    const reply = typeof route === 'function' ? route(request) : (route ?? { status: 404 });
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const data = reply.data ?? (reply.status >= 400 ? { msg: 'Not found', code: 'NOT_FOUND' } : {});
    const response = { data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  return requests;
};

/** Holds every reply of the stub until the returned function is called. */
export const holdReplies = (): (() => void) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reply = httpClient.defaults.adapter as AxiosAdapter;
  httpClient.defaults.adapter = async (config) => {
    await gate;
    return reply(config);
  };
  return release;
};
