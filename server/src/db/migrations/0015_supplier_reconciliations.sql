CREATE TABLE "supplier_reconciliations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
