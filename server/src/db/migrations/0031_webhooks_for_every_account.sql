-- Webhooks for every account that may hold API tokens (any account): the outbox trigger records
-- an event for any user with a webhook URL, not only users of type 'api user'
-- (docs/decisions/0019-webhooks-outbox.md).
CREATE OR REPLACE FUNCTION webhook_outbox_record() RETURNS trigger
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
  WHERE u.id = NEW.user_id AND u.webhook_url IS NOT NULL;
  RETURN NULL;
END $$;
