CREATE TABLE "bills_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"billers_code" text NOT NULL,
	"customer_name" text NOT NULL,
	"product" text,
	"current_bouquet" text,
	"current_bouquet_code" text,
	"due_date" text,
	"supplier_renewal_kobo" bigint,
	"renewal_charge_kobo" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bills_quotes_renewal_order" CHECK ("bills_quotes"."renewal_charge_kobo" is null or ("bills_quotes"."supplier_renewal_kobo" is not null and "bills_quotes"."renewal_charge_kobo" >= "bills_quotes"."supplier_renewal_kobo"))
);
--> statement-breakpoint
ALTER TABLE "bills_quotes" ADD CONSTRAINT "bills_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_quotes" ADD CONSTRAINT "bills_quotes_service_id_bills_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."bills_services"("service_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The bills supplier's float, where a delivered cable or exam purchase books its cost.
INSERT INTO ledger_accounts (kind, code) VALUES ('system', 'supplier_float:VTPASS');