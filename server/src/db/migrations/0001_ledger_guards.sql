-- Journals and postings are append-only: a correction is a new, reversing journal.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journals_append_only BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journals_no_truncate BEFORE TRUNCATE ON journals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- At commit, every journal touched must sum to zero and have at least two postings.
CREATE FUNCTION ledger_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  n integer;
BEGIN
  SELECT coalesce(sum(amount_kobo), 0), count(*) INTO total, n
    FROM postings WHERE journal_id = NEW.journal_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'journal % is unbalanced (sum %, % postings)', NEW.journal_id, total, n
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_journal_balanced();
--> statement-breakpoint
-- System accounts: pools that money moves between; they may go negative (e.g. money that came in
-- through the gateway is a negative clearing balance matched by positive user wallets).
INSERT INTO ledger_accounts (kind, code) VALUES
  ('system', 'gateway_clearing'),
  ('system', 'reserved_accounts_clearing'),
  ('system', 'payouts_clearing'),
  ('system', 'supplier_float:ALARO'),
  ('system', 'supplier_float:GLAD'),
  ('system', 'sales_revenue'),
  ('system', 'fee_revenue'),
  ('system', 'coupons_outstanding'),
  ('system', 'referral_expense'),
  ('system', 'house'),
  ('system', 'opening_balances');
--> statement-breakpoint
INSERT INTO services (service_name, service_status) VALUES
  ('airtime', true), ('data', true), ('electricity', true);
--> statement-breakpoint
-- Cost price per GB by network (kobo) and the supplier that serves it (admin data, default ALARO).
INSERT INTO network_settings (network, supplier_name, cost_price_kobo) VALUES
  ('MTN', 'ALARO', 25000), ('GLO', 'ALARO', 22000), ('AIRTEL', 'ALARO', 24000), ('9MOBILE', 'ALARO', 20000);
