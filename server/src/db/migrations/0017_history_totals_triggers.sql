-- History totals (docs/decisions/0015-history-totals.md): transaction_daily_totals follows every
-- change of `transactions` in the same database transaction, by statement triggers that sum the
-- statement's rows first (one upsert per user/day/type/network/status, not one per row).

-- The Lagos day (WAT, UTC+1 all year) of a point in time.
CREATE FUNCTION history_day(ts timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((ts AT TIME ZONE 'UTC') + interval '1 hour')::date $$;
--> statement-breakpoint

-- Data volume of a purchase in MB (1 GB = 1000 MB, as the catalogue counts): the plan's volume
-- as sold ('500MB', '1.5GB', '1TB'), 0 for anything else or an unreadable plan.
CREATE FUNCTION history_volume_mb(type text, details jsonb) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN type <> 'data' THEN 0 ELSE coalesce((
      SELECT round(m[1]::numeric * CASE upper(m[2]) WHEN 'MB' THEN 1 WHEN 'GB' THEN 1000 ELSE 1000000 END)::bigint
      FROM regexp_match(coalesce(details->>'plan', ''), '([0-9]+(?:\.[0-9]+)?)\s*(MB|GB|TB)', 'i') AS m
    ), 0) END
  $$;
--> statement-breakpoint

-- Adds signed contributions (sign +1 for new rows, -1 for old ones) to the daily totals, in key
-- order so two statements never wait on each other's rows in opposite orders. Days before
-- yesterday are closed: a change there marks the day stale for the all-user totals.
CREATE FUNCTION history_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT (r->>'user_id')::uuid AS user_id, (r->>'day')::date AS day, r->>'type' AS type,
           r->>'network' AS network, r->>'status' AS status, (r->>'count')::bigint AS count,
           (r->>'amount_kobo')::bigint AS amount_kobo, (r->>'profit_kobo')::bigint AS profit_kobo,
           (r->>'debit_kobo')::bigint AS debit_kobo, (r->>'credit_kobo')::bigint AS credit_kobo,
           (r->>'volume_mb')::bigint AS volume_mb
    FROM jsonb_array_elements(changes) AS r
  )
  INSERT INTO transaction_daily_totals AS t
    (user_id, day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo, credit_kobo, volume_mb)
  SELECT * FROM c ORDER BY user_id, day, type, status, network
  ON CONFLICT (user_id, day, type, status, network) DO UPDATE SET
    count = t.count + excluded.count,
    amount_kobo = t.amount_kobo + excluded.amount_kobo,
    profit_kobo = t.profit_kobo + excluded.profit_kobo,
    debit_kobo = t.debit_kobo + excluded.debit_kobo,
    credit_kobo = t.credit_kobo + excluded.credit_kobo,
    volume_mb = t.volume_mb + excluded.volume_mb;

  INSERT INTO transaction_stale_days (day)
  SELECT DISTINCT (r->>'day')::date FROM jsonb_array_elements(changes) AS r
  WHERE (r->>'day')::date < history_day(now()) - 1;
END $$;
--> statement-breakpoint

CREATE FUNCTION history_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_apply(coalesce((
    SELECT jsonb_agg(to_jsonb(g)) FROM (
      SELECT user_id, history_day(created_at) AS day, type, network, status, count(*) AS count,
             sum(amount_kobo) AS amount_kobo, sum(profit_kobo) AS profit_kobo,
             sum(greatest(balance_before_kobo - balance_after_kobo, 0)) AS debit_kobo,
             sum(greatest(balance_after_kobo - balance_before_kobo, 0)) AS credit_kobo,
             sum(history_volume_mb(type, details)) AS volume_mb
      FROM new_rows GROUP BY 1, 2, 3, 4, 5) g), '[]'::jsonb));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION history_on_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_apply(coalesce((
    SELECT jsonb_agg(to_jsonb(g)) FROM (
      SELECT user_id, history_day(created_at) AS day, type, network, status, -count(*) AS count,
             -sum(amount_kobo) AS amount_kobo, -sum(profit_kobo) AS profit_kobo,
             -sum(greatest(balance_before_kobo - balance_after_kobo, 0)) AS debit_kobo,
             -sum(greatest(balance_after_kobo - balance_before_kobo, 0)) AS credit_kobo,
             -sum(history_volume_mb(type, details)) AS volume_mb
      FROM old_rows GROUP BY 1, 2, 3, 4, 5) g), '[]'::jsonb));
  RETURN NULL;
END $$;
--> statement-breakpoint

-- An update moves a row's contribution from its old key and figures to its new ones; updates
-- that change nothing counted (re-query bookkeeping) net to zero and write nothing.
CREATE FUNCTION history_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_apply(coalesce((
    SELECT jsonb_agg(to_jsonb(g)) FROM (
      SELECT user_id, day, type, network, status, sum(count) AS count,
             sum(amount_kobo) AS amount_kobo, sum(profit_kobo) AS profit_kobo,
             sum(debit_kobo) AS debit_kobo, sum(credit_kobo) AS credit_kobo,
             sum(volume_mb) AS volume_mb
      FROM (
        SELECT user_id, history_day(created_at) AS day, type, network, status, 1 AS count,
               amount_kobo, profit_kobo,
               greatest(balance_before_kobo - balance_after_kobo, 0) AS debit_kobo,
               greatest(balance_after_kobo - balance_before_kobo, 0) AS credit_kobo,
               history_volume_mb(type, details) AS volume_mb
        FROM new_rows
        UNION ALL
        SELECT user_id, history_day(created_at), type, network, status, -1,
               -amount_kobo, -profit_kobo,
               -greatest(balance_before_kobo - balance_after_kobo, 0),
               -greatest(balance_after_kobo - balance_before_kobo, 0),
               -history_volume_mb(type, details)
        FROM old_rows) d
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(count) <> 0 OR sum(amount_kobo) <> 0 OR sum(profit_kobo) <> 0
          OR sum(debit_kobo) <> 0 OR sum(credit_kobo) <> 0 OR sum(volume_mb) <> 0) g),
    '[]'::jsonb));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER transactions_history_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_on_insert();
--> statement-breakpoint
CREATE TRIGGER transactions_history_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_on_update();
--> statement-breakpoint
CREATE TRIGGER transactions_history_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION history_on_delete();
--> statement-breakpoint

-- Rows written before this migration.
INSERT INTO transaction_daily_totals
  (user_id, day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo, credit_kobo, volume_mb)
SELECT user_id, history_day(created_at), type, network, status, count(*), sum(amount_kobo),
       sum(profit_kobo), sum(greatest(balance_before_kobo - balance_after_kobo, 0)),
       sum(greatest(balance_after_kobo - balance_before_kobo, 0)),
       sum(history_volume_mb(type, details))
FROM transactions GROUP BY 1, 2, 3, 4, 5;
