ALTER TABLE "network_settings" ADD COLUMN "data_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "network_settings" ADD COLUMN "airtime_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "network_settings" ADD COLUMN "locks_updated_at" timestamp with time zone;