ALTER TABLE "users" ADD COLUMN "row_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change to a user row bumps its version, whoever makes it (the app, a script, psql), so a
-- cached copy can be checked against it inside the statement that relies on it.
CREATE FUNCTION users_bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := OLD.row_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_row_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_bump_row_version();
