-- Least privilege (docs/operations.md): the app connects as a role of its own that reads and
-- writes rows but owns nothing, so it cannot alter a table, disable a trigger, or rewrite the
-- ledger; journals and postings take inserts only. Migrations run as the owner, which calls this
-- for the app's role after migrating (every start, DATABASE_MIGRATION_URL ≠ DATABASE_URL). It is
-- idempotent; by hand: SELECT vendo_grant_app_role('vendo_app'); as the owner.
CREATE FUNCTION vendo_grant_app_role(app_role text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF app_role = current_user THEN
    RAISE EXCEPTION 'the app role (%) must not be the role that owns the tables', app_role;
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', app_role);
  EXECUTE format('REVOKE CREATE ON SCHEMA public FROM %I', app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', app_role);
  EXECUTE format('REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM %I', app_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', app_role);
  -- The ledger is append-only: a correction is a new, reversing journal.
  EXECUTE format('REVOKE UPDATE, DELETE ON journals, postings FROM %I', app_role);
  -- Tables and sequences later migrations create get the same (a migration that adds an
  -- append-only table revokes UPDATE and DELETE on it, as above).
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', app_role);
  -- GET /readyz reads which migrations are applied.
  IF to_regclass('drizzle.__drizzle_migrations') IS NOT NULL THEN
    EXECUTE format('GRANT USAGE ON SCHEMA drizzle TO %I', app_role);
    EXECUTE format('GRANT SELECT ON drizzle.__drizzle_migrations TO %I', app_role);
  END IF;
END;
$$;
--> statement-breakpoint
-- Only the owner grants (as anyone else it would fail anyway: they own no table).
REVOKE EXECUTE ON FUNCTION vendo_grant_app_role(text) FROM PUBLIC;
