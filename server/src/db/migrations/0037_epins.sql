ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_check";--> statement-breakpoint
ALTER TABLE "bills_services" DROP CONSTRAINT "bills_services_id_check";--> statement-breakpoint
ALTER TABLE "bills_services" DROP CONSTRAINT "bills_services_kind_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_check" CHECK ("transactions"."type" in ('data','airtime','wallet','transfer','refund','electricity','referrer','earning','cable','exam','epin'));--> statement-breakpoint
ALTER TABLE "bills_services" ADD CONSTRAINT "bills_services_id_check" CHECK ("bills_services"."service_id" in ('dstv','gotv','startimes','showmax','waec','waec-registration','neco','nabteb','jamb','epin-mtn','epin-glo','epin-airtel','epin-9mobile'));--> statement-breakpoint
ALTER TABLE "bills_services" ADD CONSTRAINT "bills_services_kind_check" CHECK ("bills_services"."kind" in ('cable','exam','epin'));--> statement-breakpoint
-- Recharge-card PINs (e-PINs): one bills service per network, one product per card value
-- (code: the face value in naira). Supplier cost 97% of face value; API 98%, reseller 98.5%,
-- smart earner the face value. Admins change prices and availability later.
INSERT INTO "bills_services" ("service_id", "kind") VALUES ('epin-mtn', 'epin'), ('epin-glo', 'epin'), ('epin-airtel', 'epin'), ('epin-9mobile', 'epin');--> statement-breakpoint
INSERT INTO "bills_products" ("service_id", "code", "name", "supplier_code", "cost_price_kobo", "smart_earner_price_kobo", "reseller_price_kobo", "api_price_kobo", "sort_order") VALUES
  ('epin-mtn', '100', 'MTN ₦100 recharge card', '100', 9700, 10000, 9850, 9800, 24),
  ('epin-mtn', '200', 'MTN ₦200 recharge card', '200', 19400, 20000, 19700, 19600, 25),
  ('epin-mtn', '500', 'MTN ₦500 recharge card', '500', 48500, 50000, 49250, 49000, 26),
  ('epin-mtn', '1000', 'MTN ₦1,000 recharge card', '1000', 97000, 100000, 98500, 98000, 27),
  ('epin-glo', '100', 'GLO ₦100 recharge card', '100', 9700, 10000, 9850, 9800, 28),
  ('epin-glo', '200', 'GLO ₦200 recharge card', '200', 19400, 20000, 19700, 19600, 29),
  ('epin-glo', '500', 'GLO ₦500 recharge card', '500', 48500, 50000, 49250, 49000, 30),
  ('epin-glo', '1000', 'GLO ₦1,000 recharge card', '1000', 97000, 100000, 98500, 98000, 31),
  ('epin-airtel', '100', 'Airtel ₦100 recharge card', '100', 9700, 10000, 9850, 9800, 32),
  ('epin-airtel', '200', 'Airtel ₦200 recharge card', '200', 19400, 20000, 19700, 19600, 33),
  ('epin-airtel', '500', 'Airtel ₦500 recharge card', '500', 48500, 50000, 49250, 49000, 34),
  ('epin-airtel', '1000', 'Airtel ₦1,000 recharge card', '1000', 97000, 100000, 98500, 98000, 35),
  ('epin-9mobile', '100', '9mobile ₦100 recharge card', '100', 9700, 10000, 9850, 9800, 36),
  ('epin-9mobile', '200', '9mobile ₦200 recharge card', '200', 19400, 20000, 19700, 19600, 37),
  ('epin-9mobile', '500', '9mobile ₦500 recharge card', '500', 48500, 50000, 49250, 49000, 38),
  ('epin-9mobile', '1000', '9mobile ₦1,000 recharge card', '1000', 97000, 100000, 98500, 98000, 39);
