// The whole schema in one object, for drizzle's typed queries and drizzle-kit.
export * from './users.ts';
export * from './ledger.ts';
export * from './transactions.ts';
export * from './catalogue.ts';
export * from './system.ts';
export * from './vending.ts';
export * from './wallet.ts';
export * from './audit.ts';
export * from './mail.ts';
export * from './webhooks.ts';
export * from './sessions.ts';
export * from './sandbox.ts';
export * from './bills.ts';
