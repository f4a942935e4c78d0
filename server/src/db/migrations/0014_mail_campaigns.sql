CREATE TABLE "mail_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"url" text,
	"link_message" text,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"campaign_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claimed_until" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_recipients_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id"),
	CONSTRAINT "mail_recipients_status_check" CHECK ("mail_recipients"."status" in ('queued', 'claimed', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mail_campaigns" ADD CONSTRAINT "mail_campaigns_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_campaign_id_mail_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mail_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_recipients_work_idx" ON "mail_recipients" USING btree ("status","claimed_until") WHERE "mail_recipients"."status" in ('queued', 'claimed', 'sending');