-- The back office (issue #15): alerts acknowledged once by an admin (one open alert per subject,
-- e.g. a supplier's low float), and the staff user list's indexes: newest first, per tier, and
-- trigram matching for '%x%' in any field. pg_trgm is a trusted contrib extension (PostgreSQL
-- 13+); PGlite loads it from its package (db/client.ts).
ALTER TABLE "admin_alerts" RENAME COLUMN "resolved_at" TO "acknowledged_at";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD COLUMN "acknowledged_by" uuid;--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD CONSTRAINT "admin_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_type_created_id_idx" ON "users" USING btree ("user_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin (lower("user_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_number_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("user_name" || chr(31) || "email" || chr(31) || "phone_number" || chr(31) || coalesce("full_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "admin_alerts_open_subject_key" ON "admin_alerts" USING btree ("kind","subject") WHERE acknowledged_at is null and subject is not null;--> statement-breakpoint
CREATE INDEX "admin_alerts_open_idx" ON "admin_alerts" USING btree ("id") WHERE acknowledged_at is null;