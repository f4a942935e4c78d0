CREATE TABLE "reserved_accounts" (
	"account_number" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reserved_accounts" ADD CONSTRAINT "reserved_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserved_accounts_user_idx" ON "reserved_accounts" USING btree ("user_id");