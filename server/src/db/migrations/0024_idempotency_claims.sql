ALTER TABLE "idempotency_keys" ADD COLUMN "claim_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "acted_at" timestamp with time zone;--> statement-breakpoint
-- Keys still in progress from before this migration: whether their request committed anything
-- was never recorded, so they count as acted on and are never run again.
UPDATE "idempotency_keys" SET "acted_at" = "created_at" WHERE "response_status" IS NULL;
