CREATE TABLE "transaction_closed_day_totals" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"profit_kobo" bigint NOT NULL,
	"debit_kobo" bigint NOT NULL,
	"credit_kobo" bigint NOT NULL,
	"volume_mb" bigint NOT NULL,
	CONSTRAINT "transaction_closed_day_totals_day_type_status_network_pk" PRIMARY KEY("day","type","status","network")
);
--> statement-breakpoint
CREATE TABLE "transaction_closed_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_daily_totals" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"profit_kobo" bigint NOT NULL,
	"debit_kobo" bigint NOT NULL,
	"credit_kobo" bigint NOT NULL,
	"volume_mb" bigint NOT NULL,
	CONSTRAINT "transaction_daily_totals_user_id_day_type_status_network_pk" PRIMARY KEY("user_id","day","type","status","network")
);
--> statement-breakpoint
CREATE TABLE "transaction_stale_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_stale_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_daily_totals_day_idx" ON "transaction_daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "transaction_stale_days_day_idx" ON "transaction_stale_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "transactions_user_created_id_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_created_id_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_type_created_id_idx" ON "transactions" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_phone_created_idx" ON "transactions" USING btree ("phone_number","created_at" DESC NULLS LAST);