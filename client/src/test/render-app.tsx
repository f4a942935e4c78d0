import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser } from '@vendo/shared/schemas/user';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { TOKEN_KEY, USER_KEY } from '@/lib/session-storage';

const LocationProbe = () => <output data-testid="location">{useLocation().pathname}</output>;

type TRenderAppOptions = {
  route?: string;
  /** History state of the first entry (what navigate(to, { state }) leaves). */
  state?: unknown;
  /** A stored session, as a returning visitor has it in localStorage. */
  session?: { token: string; user: TUser };
};

/** Renders the whole app (routes, layout, store) at `route`, like a fresh page load. */
export const renderApp = ({ route = '/', state, session }: TRenderAppOptions = {}) => {
  if (session) {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  }
  const store = makeStore();
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[state === undefined ? route : { pathname: route, state }]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user, ...view };
};
