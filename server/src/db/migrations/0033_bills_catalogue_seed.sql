-- The bills catalogue every install starts with (admins change prices and availability later):
-- supplier cost = face price; API +N50, reseller +N70, smart earner +N100 per bouquet or PIN.
INSERT INTO "bills_services" ("service_id", "kind") VALUES ('dstv', 'cable'), ('gotv', 'cable'), ('startimes', 'cable'), ('showmax', 'cable'), ('waec', 'exam'), ('waec-registration', 'exam'), ('neco', 'exam'), ('nabteb', 'exam'), ('jamb', 'exam');--> statement-breakpoint
INSERT INTO "bills_products" ("service_id", "code", "name", "supplier_code", "cost_price_kobo", "smart_earner_price_kobo", "reseller_price_kobo", "api_price_kobo", "sort_order") VALUES
  ('dstv', 'dstv-padi', 'DStv Padi', 'dstv-padi', 440000, 450000, 447000, 445000, 0),
  ('dstv', 'dstv-yanga', 'DStv Yanga', 'dstv-yanga', 600000, 610000, 607000, 605000, 1),
  ('dstv', 'dstv-confam', 'DStv Confam', 'dstv-confam', 1100000, 1110000, 1107000, 1105000, 2),
  ('dstv', 'dstv-compact', 'DStv Compact', 'dstv-compact', 1900000, 1910000, 1907000, 1905000, 3),
  ('dstv', 'dstv-compact-plus', 'DStv Compact Plus', 'dstv-compact-plus', 3000000, 3010000, 3007000, 3005000, 4),
  ('dstv', 'dstv-premium', 'DStv Premium', 'dstv-premium', 4450000, 4460000, 4457000, 4455000, 5),
  ('gotv', 'gotv-smallie', 'GOtv Smallie', 'gotv-smallie', 190000, 200000, 197000, 195000, 6),
  ('gotv', 'gotv-jinja', 'GOtv Jinja', 'gotv-jinja', 390000, 400000, 397000, 395000, 7),
  ('gotv', 'gotv-jolli', 'GOtv Jolli', 'gotv-jolli', 580000, 590000, 587000, 585000, 8),
  ('gotv', 'gotv-max', 'GOtv Max', 'gotv-max', 850000, 860000, 857000, 855000, 9),
  ('gotv', 'gotv-supa', 'GOtv Supa', 'gotv-supa', 1140000, 1150000, 1147000, 1145000, 10),
  ('startimes', 'nova', 'StarTimes Nova (antenna), 1 month', 'nova', 210000, 220000, 217000, 215000, 11),
  ('startimes', 'basic', 'StarTimes Basic (antenna), 1 month', 'basic', 400000, 410000, 407000, 405000, 12),
  ('startimes', 'smart', 'StarTimes Smart (dish), 1 month', 'smart', 510000, 520000, 517000, 515000, 13),
  ('startimes', 'classic', 'StarTimes Classic (antenna), 1 month', 'classic', 600000, 610000, 607000, 605000, 14),
  ('startimes', 'super', 'StarTimes Super (dish), 1 month', 'super', 980000, 990000, 987000, 985000, 15),
  ('showmax', 'mobile_only', 'Showmax Mobile', 'mobile_only', 350000, 360000, 357000, 355000, 16),
  ('showmax', 'full', 'Showmax Pro', 'full', 700000, 710000, 707000, 705000, 17),
  ('waec', 'waec', 'WAEC result checker PIN', 'waecdirect', 390000, 400000, 397000, 395000, 18),
  ('waec-registration', 'waec-registration', 'WAEC registration PIN (GCE)', 'waec-registraion', 2700000, 2710000, 2707000, 2705000, 19),
  ('neco', 'neco', 'NECO result token', 'neco', 140000, 150000, 147000, 145000, 20),
  ('nabteb', 'nabteb', 'NABTEB result checker PIN', 'nabteb', 100000, 110000, 107000, 105000, 21),
  ('jamb', 'jamb-utme', 'JAMB UTME PIN (with mock)', 'utme', 770000, 780000, 777000, 775000, 22),
  ('jamb', 'jamb-de', 'JAMB Direct Entry PIN', 'de', 620000, 630000, 627000, 625000, 23);
