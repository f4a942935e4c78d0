-- Money taken from a wallet for a purchase whose outcome is not known yet.
INSERT INTO ledger_accounts (kind, code) VALUES ('system', 'purchase_clearing');
--> statement-breakpoint
CREATE INDEX contacts_user_idx ON contacts (user_id);
--> statement-breakpoint
-- The sandbox suppliers start with ₦5,000,000 of float each (an admin can top it up).
INSERT INTO sandbox_supplier_floats (supplier, balance_kobo) VALUES ('ALARO', 500000000), ('GLAD', 500000000);
--> statement-breakpoint
-- Balance-check USSD codes (spec §9 lists the networks; codes are the networks' published ones).
INSERT INTO ussd_codes (category, label, code, sort_order) VALUES
  ('data', 'MTN SME', '*461*4#', 1),
  ('data', 'MTN gifting', '*131*4#', 2),
  ('data', '9mobile', '*228#', 3),
  ('data', 'Airtel', '*323#', 4),
  ('data', 'Glo', '*127*0#', 5),
  ('airtime', 'MTN', '*310#', 1),
  ('airtime', '9Mobile', '*232#', 2),
  ('airtime', 'Airtel', '*310#', 3),
  ('airtime', 'Glo', '*310#', 4);
