CREATE TABLE "sandbox_supplier_outages" (
	"supplier" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
