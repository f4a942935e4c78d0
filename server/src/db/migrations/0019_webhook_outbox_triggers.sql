-- Webhook outbox (docs/decisions/0019-webhooks-outbox.md): an API user's webhook event is written
-- by these triggers, in the same database transaction as the change of `transactions` it reports,
-- whichever code path made the change (a purchase settled by its request, the reconciler or
-- staff; an admin's reversal; a withdrawal; a card, bank or coupon funding). Only users of type
-- 'api user' with a webhook URL get events; the delivery worker sends them later, outside any
-- transaction. The row is kept as it was (to_jsonb): the receipt is made from it at send.
--
-- Event types: a deposit (card/bank checkout, reserved-account transfer, coupon) credited is
-- 'deposit.credited'; any transaction that moves to success, refunded or failed from another
-- status is 'transaction.<status>'.

CREATE FUNCTION webhook_outbox_record() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF NEW.type = 'wallet' AND NEW.network IN ('Squad', 'BillStack', 'coupon') AND NEW.status = 'success' THEN
    event_type := 'deposit.credited';
  ELSIF TG_OP = 'UPDATE' THEN
    event_type := 'transaction.' || NEW.status;
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO webhook_events (user_id, type, transaction_id, snapshot)
  SELECT NEW.user_id, event_type, NEW.id, to_jsonb(NEW)
  FROM users u
  WHERE u.id = NEW.user_id AND u.user_type = 'api user' AND u.webhook_url IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The WHEN clauses keep the hot path free: a purchase's 'processing' insert and its 'pending'
-- update never call the function.
CREATE TRIGGER webhook_outbox_on_update AFTER UPDATE OF status ON transactions
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('success', 'refunded', 'failed'))
  EXECUTE FUNCTION webhook_outbox_record();
--> statement-breakpoint

-- Reserved-account deposits and coupon redemptions are written already credited.
CREATE TRIGGER webhook_outbox_on_insert AFTER INSERT ON transactions
  FOR EACH ROW
  WHEN (NEW.type = 'wallet' AND NEW.status = 'success' AND NEW.network IN ('BillStack', 'coupon'))
  EXECUTE FUNCTION webhook_outbox_record();
