CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" text DEFAULT 'smart earner' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_agent" boolean DEFAULT false NOT NULL,
	"is_coupon_vendor" boolean DEFAULT false NOT NULL,
	"full_name" text,
	"referred_by_id" uuid,
	"api_token_hash" text,
	"webhook_url" text,
	"nin_last4" text,
	"bvn_last4" text,
	"account_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reserved_account_no3" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('smart earner', 'reseller', 'api user')),
	CONSTRAINT "users_not_self_referred" CHECK ("users"."referred_by_id" is null or "users"."referred_by_id" <> "users"."id")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"memo" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"code" text,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_user_kind_key" UNIQUE("user_id","kind"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_main', 'user_earnings', 'system')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'system') = ("ledger_accounts"."user_id" is null and "ledger_accounts"."code" is not null)),
	CONSTRAINT "ledger_accounts_user_balance_nonnegative" CHECK ("ledger_accounts"."kind" = 'system' or "ledger_accounts"."balance_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"balance_after_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"cost_kobo" bigint DEFAULT 0 NOT NULL,
	"profit_kobo" bigint DEFAULT 0 NOT NULL,
	"phone_number" text,
	"balance_before_kobo" bigint NOT NULL,
	"balance_after_kobo" bigint NOT NULL,
	"payment_link" text,
	"api_response" text,
	"api_response_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transactions_type_check" CHECK ("transactions"."type" in ('data','airtime','wallet','transfer','refund','electricity','referrer','earning')),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('success','failed','processing','pending','refunded')),
	CONSTRAINT "transactions_amount_nonnegative" CHECK ("transactions"."amount_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" text NOT NULL,
	"plan" text NOT NULL,
	"plan_type" text NOT NULL,
	"network" text NOT NULL,
	"volume_mb" integer NOT NULL,
	"validity" text NOT NULL,
	"cost_price_kobo" bigint NOT NULL,
	"smart_earner_price_kobo" bigint NOT NULL,
	"reseller_price_kobo" bigint NOT NULL,
	"api_price_kobo" bigint NOT NULL,
	"partner_price_kobo" bigint,
	"is_available" boolean DEFAULT true NOT NULL,
	"supplier_plan_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_plans_network_check" CHECK ("data_plans"."network" in ('MTN','GLO','AIRTEL','9MOBILE')),
	CONSTRAINT "data_plans_volume_positive" CHECK ("data_plans"."volume_mb" > 0),
	CONSTRAINT "data_plans_price_order" CHECK ("data_plans"."cost_price_kobo" >= 0 and "data_plans"."cost_price_kobo" < "data_plans"."api_price_kobo" and "data_plans"."api_price_kobo" <= "data_plans"."reseller_price_kobo" and "data_plans"."reseller_price_kobo" <= "data_plans"."smart_earner_price_kobo")
);
--> statement-breakpoint
CREATE TABLE "network_settings" (
	"network" text PRIMARY KEY NOT NULL,
	"supplier_name" text DEFAULT 'ALARO' NOT NULL,
	"cost_price_kobo" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_settings_network_check" CHECK ("network_settings"."network" in ('MTN','GLO','AIRTEL','9MOBILE')),
	CONSTRAINT "network_settings_supplier_check" CHECK ("network_settings"."supplier_name" in ('ALARO','GLAD'))
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_name" text NOT NULL,
	"service_status" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_service_name_unique" UNIQUE("service_name")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"msg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_id_users_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_key" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_key" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "postings_journal_idx" ON "postings" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "data_plans_network_plan_id_key" ON "data_plans" USING btree ("network","plan_id");