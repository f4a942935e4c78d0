ALTER TABLE "admin_alerts" RENAME COLUMN "resolved_at" TO "acknowledged_at";--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD COLUMN "acknowledged_by" uuid;--> statement-breakpoint
ALTER TABLE "admin_alerts" ADD CONSTRAINT "admin_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_alerts_open_subject_key" ON "admin_alerts" USING btree ("kind","subject") WHERE acknowledged_at is null and subject is not null;--> statement-breakpoint
CREATE INDEX "admin_alerts_open_idx" ON "admin_alerts" USING btree ("id") WHERE acknowledged_at is null;