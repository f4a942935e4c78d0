CREATE TABLE "sandbox_vtpass_orders" (
	"request_id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"service_id" text NOT NULL,
	"billers_code" text NOT NULL,
	"variation_code" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"settles_to" text,
	"pins" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_vtpass_orders_transaction_id_unique" UNIQUE("transaction_id")
);
