// The queries moved to idempotency.repository.ts; this name stays for the background jobs and
// tests that still import it, until they are pointed at the repository.
export * from './idempotency.repository.ts';
