-- System accounts no longer store a balance: it is the sum of their postings (no hot row).
ALTER TABLE "postings" ALTER COLUMN "balance_after_kobo" DROP NOT NULL;--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance_kobo" = 0 WHERE "kind" = 'system';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_system_balance_derived" CHECK ("ledger_accounts"."kind" <> 'system' or "ledger_accounts"."balance_kobo" = 0);
