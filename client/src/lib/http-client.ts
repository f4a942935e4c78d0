import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import axios from 'axios';
import type { TQueryError } from './api-error';
import { unauthorized } from './auth.slice';
import { callEnded, callStarted, DEFAULT_LOADING_TEXT } from './ui.slice';

/** The one HTTP client. No timeout: purchases can take as long as the supplier takes. */
export const httpClient = axios.create({
  baseURL: '/api/v1',
  timeout: 0,
  headers: { 'Content-Type': 'application/json' },
});

export type TRequest = {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  data?: unknown;
  params?: Record<string, unknown>;
  /** Extra headers, e.g. the Idempotency-Key of a purchase. */
  headers?: Record<string, string>;
};

export type TRequestOptions = {
  /** Text of the loading overlay while the call runs; defaults to 'Loading...'. */
  loadingText?: string;
  /** Background calls (site details, silent refreshes) do not show the overlay. */
  silent?: boolean;
  /**
   * Keep the whole error body in `error.body`: a failed purchase still answers with its
   * receipt and the refunded balance, which the caller must show.
   */
  withErrorBody?: boolean;
};

type TStateWithToken = { auth: { token: string | null } };

const toQueryError = (error: unknown, withBody: boolean): TQueryError => {
  if (axios.isAxiosError(error) && error.response) {
    const body: unknown = error.response.data;
    const field = (name: 'msg' | 'code'): string | null =>
      typeof body === 'object' && body !== null && name in body
        ? String((body as Record<string, unknown>)[name])
        : null;
    const queryError: TQueryError = {
      status: error.response.status,
      msg: field('msg'),
      code: field('code'),
    };
    return withBody ? { ...queryError, body } : queryError;
  }
  return { status: null, msg: null, code: null };
};

/**
 * RTK Query base query over the axios client. It never throws: a failure resolves to
 * `{ error }`. A 401 ends the session it was sent with (`unauthorized`).
 */
export const axiosBaseQuery: BaseQueryFn<TRequest, unknown, TQueryError, TRequestOptions> = async (
  request,
  api,
  options = {},
) => {
  const token = (api.getState() as TStateWithToken).auth.token;
  if (!options.silent) api.dispatch(callStarted(options.loadingText ?? DEFAULT_LOADING_TEXT));
  try {
    const response = await httpClient.request({
      ...request,
      headers: { ...request.headers, ...(token ? { 'x-auth-token': token } : {}) },
      signal: api.signal,
    });
    return { data: response.data };
  } catch (cause) {
    const error = toQueryError(cause, options.withErrorBody === true);
    if (error.status === 401) api.dispatch(unauthorized({ token }));
    return { error };
  } finally {
    if (!options.silent) api.dispatch(callEnded());
  }
};
