-- Webhook outbox rows leave half of each page free (docs/decisions/0033): a claim (attempts and
-- claimed_until, neither indexed) then writes the row's new version on its own page, a HOT update
-- with no index entries. Full pages made every claim a new version elsewhere with an entry in
-- each index. Rows written before this keep their full pages until they are finished and pruned.
ALTER TABLE "webhook_events" SET (fillfactor = 50);
