import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { api } from '@/lib/api';
import { tokenRefreshed } from '@/lib/auth.slice';
import { profileApi } from '@/lib/profile.api';
import { buildUser } from '@/test/factories';
import { holdReplies, stubHttp } from '@/test/http-stub';

const ping = api.injectEndpoints({
  endpoints: (build) => ({
    ping: build.query<{ ok: boolean }, number>({ query: () => ({ url: '/ping' }) }),
  }),
});

const storeWithSession = (token = 'token-1') => {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(buildUser()));
  return makeStore();
};

describe('axios base query', () => {
  it('sends the token in x-auth-token to /api/v1', async () => {
    const requests = stubHttp({ 'GET /ping': { status: 200, data: { ok: true } } });
    const store = storeWithSession('token-abc');

    const result = await store.dispatch(ping.endpoints.ping.initiate(1));

    expect(result.data).toEqual({ ok: true });
    expect(requests[0]?.headers['x-auth-token']).toBe('token-abc');
  });

  it('logs out on a 401: token and user leave the store and localStorage', async () => {
    stubHttp({
      'GET /auth': { status: 401, data: { msg: 'Please log in', code: 'UNAUTHENTICATED' } },
    });
    const store = storeWithSession();
    expect(store.getState().auth.user?.userName).toBe('adaeze');

    await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined));

    expect(store.getState().auth).toMatchObject({ token: null, user: null, isAdmin: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The signed-out visitor keeps none of the previous user's cached server data.
    expect(store.getState().api?.queries).toEqual({});
  });

  it('ignores a 401 for a token that was already replaced', async () => {
    stubHttp({ 'GET /ping': { status: 401 } });
    const release = holdReplies();
    const store = storeWithSession('old-token');

    const pending = store.dispatch(ping.endpoints.ping.initiate(2));
    store.dispatch(tokenRefreshed('new-token'));
    release();
    await pending;

    expect(store.getState().auth.token).toBe('new-token');
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('reports the status and server message of a failed call', async () => {
    stubHttp({ 'GET /ping': { status: 403, data: { msg: 'Not allowed', code: 'FORBIDDEN' } } });
    const store = storeWithSession();

    const result = await store.dispatch(ping.endpoints.ping.initiate(5));

    expect(result.error).toEqual({ status: 403, msg: 'Not allowed', code: 'FORBIDDEN' });
    expect(store.getState().auth.token).toBe('token-1');
  });

  it('never throws: no answer resolves to an error with a null status', async () => {
    stubHttp({ 'GET /ping': 'network-error' });
    const store = storeWithSession();

    const result = await store.dispatch(ping.endpoints.ping.initiate(3));

    expect(result.error).toEqual({ status: null, msg: null, code: null });
    expect(store.getState().auth.token).toBe('token-1');
  });

  it('shows the loading overlay state while a call runs', async () => {
    stubHttp({ 'GET /ping': { status: 200, data: { ok: true } } });
    const release = holdReplies();
    const store = makeStore();

    const pending = store.dispatch(ping.endpoints.ping.initiate(4));
    expect(store.getState().ui).toMatchObject({ loading: true, loadingText: 'Loading...' });
    release();
    await pending;
    expect(store.getState().ui).toMatchObject({ loading: false, pendingCalls: 0 });
  });
});
