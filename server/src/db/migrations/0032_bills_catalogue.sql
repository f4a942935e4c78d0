CREATE TABLE "bills_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"supplier_code" text NOT NULL,
	"cost_price_kobo" bigint NOT NULL,
	"smart_earner_price_kobo" bigint NOT NULL,
	"reseller_price_kobo" bigint NOT NULL,
	"api_price_kobo" bigint NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_products_price_order" CHECK ("bills_products"."cost_price_kobo" >= 0 and "bills_products"."cost_price_kobo" <= "bills_products"."api_price_kobo" and "bills_products"."api_price_kobo" <= "bills_products"."reseller_price_kobo" and "bills_products"."reseller_price_kobo" <= "bills_products"."smart_earner_price_kobo")
);
--> statement-breakpoint
CREATE TABLE "bills_services" (
	"service_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"supplier_name" text DEFAULT 'VTPASS' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_services_id_check" CHECK ("bills_services"."service_id" in ('dstv','gotv','startimes','showmax','waec','waec-registration','neco','nabteb','jamb')),
	CONSTRAINT "bills_services_kind_check" CHECK ("bills_services"."kind" in ('cable','exam')),
	CONSTRAINT "bills_services_supplier_check" CHECK ("bills_services"."supplier_name" in ('VTPASS'))
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_check";--> statement-breakpoint
ALTER TABLE "bills_products" ADD CONSTRAINT "bills_products_service_id_bills_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."bills_services"("service_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_products_service_code_key" ON "bills_products" USING btree ("service_id","code");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_check" CHECK ("transactions"."type" in ('data','airtime','wallet','transfer','refund','electricity','referrer','earning','cable','exam'));