CREATE TABLE "transaction_total_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_total_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"volume_mb" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_total_deltas_user_day_idx" ON "transaction_total_deltas" USING btree ("user_id","day");--> statement-breakpoint

-- History totals by deltas (docs/decisions/0015-history-totals.md, "Deltas folded later"): the
-- statement triggers of migration 0017 now insert what the statement changed into
-- transaction_total_deltas instead of upserting transaction_daily_totals. Upserts locked the
-- totals rows of a user's keys until commit, and one database transaction touches several keys
-- (a refund moves the purchase, then writes its refund line; a purchase locks the wallet, then
-- its key), so two transactions could take them in opposite orders and deadlock. An insert into
-- a table without a key waits on nobody. The fold (modules/transactions/history-fold.ts) moves
-- committed deltas into the daily totals later; readers add the deltas not yet folded.
-- Days before yesterday are closed: a change there still marks the day stale for the all-user
-- totals.
CREATE OR REPLACE FUNCTION history_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_total_deltas
    (user_id, day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo, credit_kobo, volume_mb)
  SELECT (r->>'user_id')::uuid, (r->>'day')::date, r->>'type', r->>'network', r->>'status',
         (r->>'count')::bigint, (r->>'amount_kobo')::bigint, (r->>'profit_kobo')::bigint,
         (r->>'debit_kobo')::bigint, (r->>'credit_kobo')::bigint, (r->>'volume_mb')::bigint
  FROM jsonb_array_elements(changes) AS r;

  INSERT INTO transaction_stale_days (day)
  SELECT DISTINCT (r->>'day')::date FROM jsonb_array_elements(changes) AS r
  WHERE (r->>'day')::date < history_day(now()) - 1;
END $$;
