import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { httpClient } from '@/lib/http-client';

const realAdapter = httpClient.defaults.adapter;

// The first visit to a route loads its lazy chunk, which takes more than the default 1 s when
// the machine is busy; findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the layout scrolls to the top on navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  httpClient.defaults.adapter = realAdapter;
  vi.restoreAllMocks();
});
