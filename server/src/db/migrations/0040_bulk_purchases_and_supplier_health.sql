CREATE TABLE "bulk_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"total_charge_kobo" bigint NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_batches_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bulk_batches_kind_check" CHECK ("bulk_batches"."kind" in ('airtime', 'data')),
	CONSTRAINT "bulk_batches_status_check" CHECK ("bulk_batches"."status" in ('running', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "bulk_lines" (
	"batch_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"network" text NOT NULL,
	"phone" text NOT NULL,
	"amount_kobo" bigint,
	"plan" text,
	"ported" boolean DEFAULT false NOT NULL,
	"charge_kobo" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claimed_until" timestamp with time zone,
	"transaction_id" uuid,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_lines_batch_id_line_pk" PRIMARY KEY("batch_id","line"),
	CONSTRAINT "bulk_lines_status_check" CHECK ("bulk_lines"."status" in ('queued', 'sending', 'sent', 'refused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "supplier_breakers" (
	"supplier" text NOT NULL,
	"product" text NOT NULL,
	"state" text DEFAULT 'closed' NOT NULL,
	"forced" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"sample" integer DEFAULT 0 NOT NULL,
	"success_ratio" double precision,
	"checked_at" timestamp with time zone,
	"forced_by" uuid,
	"forced_at" timestamp with time zone,
	CONSTRAINT "supplier_breakers_supplier_product_pk" PRIMARY KEY("supplier","product"),
	CONSTRAINT "supplier_breakers_state_check" CHECK ("supplier_breakers"."state" in ('closed', 'open', 'half_open')),
	CONSTRAINT "supplier_breakers_forced_check" CHECK ("supplier_breakers"."forced" is null or "supplier_breakers"."forced" in ('closed', 'open'))
);
--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_type_check";--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_batch_id_bulk_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_breakers" ADD CONSTRAINT "supplier_breakers_forced_by_users_id_fk" FOREIGN KEY ("forced_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_batches_user_request_key" ON "bulk_batches" USING btree ("user_id","request_id") WHERE request_id is not null;--> statement-breakpoint
CREATE INDEX "bulk_batches_user_created_idx" ON "bulk_batches" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_batches_running_idx" ON "bulk_batches" USING btree ("created_at") WHERE status = 'running';--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_batch_id_bulk_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_subject_check" CHECK (("webhook_events"."transaction_id" is null) <> ("webhook_events"."batch_id" is null));--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_type_check" CHECK ("webhook_events"."type" in ('transaction.success', 'transaction.refunded', 'transaction.failed', 'deposit.credited', 'bulk.completed'));