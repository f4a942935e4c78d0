ALTER TABLE "sandbox_supplier_orders" ADD COLUMN "balance_before_kobo" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_supplier_orders" ADD COLUMN "balance_after_kobo" bigint;--> statement-breakpoint
ALTER TABLE "supplier_reconciliations" ADD COLUMN "floats" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_alerts_kind_subject_idx" ON "admin_alerts" USING btree ("kind","subject") WHERE subject is not null;