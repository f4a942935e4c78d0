CREATE TABLE "plan_price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"actor_id" uuid,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_plans" DROP CONSTRAINT "data_plans_price_order";--> statement-breakpoint
DROP INDEX "data_plans_network_plan_id_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seen_notification_id" integer;--> statement-breakpoint
ALTER TABLE "data_plans" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_price_history" ADD CONSTRAINT "plan_price_history_plan_id_data_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."data_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_price_history" ADD CONSTRAINT "plan_price_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_price_history_plan_idx" ON "plan_price_history" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_plan_idx" ON "transactions" USING btree ("plan_id") WHERE "transactions"."plan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "data_plans_network_plan_id_key" ON "data_plans" USING btree ("network","plan_id") WHERE "data_plans"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_price_order" CHECK ("data_plans"."cost_price_kobo" >= 0 and "data_plans"."cost_price_kobo" <= "data_plans"."api_price_kobo" and "data_plans"."api_price_kobo" <= "data_plans"."reseller_price_kobo" and "data_plans"."reseller_price_kobo" <= "data_plans"."smart_earner_price_kobo");