-- Data only, no schema change. Card/bank fundings started before the reconciler re-queried them
-- have no next_check_at, so it would never claim them: make every still-pending one due now (it
-- is then verified with Squad and credited, failed or expired like any other).
UPDATE "transactions" SET "next_check_at" = now()
WHERE "type" = 'wallet' AND "network" = 'Squad' AND "status" = 'pending' AND "next_check_at" IS NULL;
