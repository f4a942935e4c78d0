import { describe, expect, it } from 'vitest';
import { restoreSession } from '@/app/restore-session';
import { makeStore } from '@/app/store';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { cachedProfile } from '@/test/profile-server';

const storedSession = () => {
  localStorage.setItem('token', 'token-1');
  localStorage.setItem('user', JSON.stringify(buildUser({ balance: 5 })));
  return makeStore();
};

describe('restoreSession (start with a stored token)', () => {
  it('checks the token, then loads the profile', async () => {
    const fresh = buildSession({ user: buildUser({ balance: 750, userType: 'reseller' }) });
    const requests = stubHttp({
      'POST /auth/isTokenValid': { status: 200, data: { valid: true } },
      'GET /auth': { status: 200, data: profileOf(fresh) },
    });
    const store = storedSession();

    await restoreSession(store);

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /auth/isTokenValid',
      'GET /auth',
    ]);
    // The balance is server data, in the query cache; the stored session follows the new user.
    expect(cachedProfile(store)?.user.balance).toBe(750);
    expect(store.getState().auth.user?.userType).toBe('reseller');
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({ userName: 'adaeze', userType: 'reseller' });
    expect(stored).not.toHaveProperty('balance');
  });

  it('logs out when the token is not valid', async () => {
    const requests = stubHttp({
      'POST /auth/isTokenValid': { status: 200, data: { valid: false } },
    });
    const store = storedSession();

    await restoreSession(store);

    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(requests.map((r) => r.url)).toEqual(['/auth/isTokenValid']);
  });

  it('logs out when the check answers 401', async () => {
    stubHttp({ 'POST /auth/isTokenValid': { status: 401 } });
    const store = storedSession();

    await restoreSession(store);

    expect(store.getState().auth.user).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    stubHttp({ 'POST /auth/isTokenValid': 'network-error' });
    const store = storedSession();

    await restoreSession(store);

    expect(store.getState().auth.token).toBe('token-1');
    expect(store.getState().auth.user?.userName).toBe('adaeze');
  });

  it('does nothing without a stored token', async () => {
    const requests = stubHttp({});
    await restoreSession(makeStore());
    expect(requests).toHaveLength(0);
  });
});
