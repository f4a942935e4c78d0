-- Trigram matching for the staff user search and filters ('%x%' in any field). pg_trgm is a
-- trusted contrib extension (PostgreSQL 13+); PGlite loads it from its package (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_type_created_id_idx" ON "users" USING btree ("user_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin (lower("user_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_number_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("user_name" || chr(31) || "email" || chr(31) || "phone_number" || chr(31) || coalesce("full_name", '')) gin_trgm_ops);