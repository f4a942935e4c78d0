import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { httpClient } from '@/lib/http-client';

const realAdapter = httpClient.defaults.adapter;

// jsdom does not implement scrolling; the layout scrolls to the top on navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  httpClient.defaults.adapter = realAdapter;
  vi.restoreAllMocks();
});
