CREATE TABLE "read_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Issue 26: the public reads (seasons, divisions, teams, tournament lists, entries) are served from memory while
-- nothing they show has changed. Every transaction that writes one of their tables bumps read_versions.public once,
-- at commit (a deferred constraint trigger, so the row is locked only while committing: no writer waits on another
-- for its whole transaction, and no lock order can deadlock), together with the data: a reader that sees version V
-- reads data at least as new as V. A rolled-back transaction bumps nothing.
INSERT INTO "read_versions" ("name", "version") VALUES ('public', 0);
--> statement-breakpoint
CREATE TABLE "read_version_marks" ("id" bigserial PRIMARY KEY);
--> statement-breakpoint
CREATE FUNCTION "read_version_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction (the setting is local to it, and undone with a rolled-back savepoint like the mark itself).
  IF coalesce(current_setting('clutch.read_version_marked', true), '') <> 'y' THEN
    PERFORM set_config('clutch.read_version_marked', 'y', true);
    INSERT INTO "read_version_marks" DEFAULT VALUES;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "read_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_versions" SET "version" = "version" + 1 WHERE "name" = 'public';
  DELETE FROM "read_version_marks" WHERE "id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "read_version_bump" AFTER INSERT ON "read_version_marks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "read_version_bump"();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'teams', 'tournaments', 'temporary_teams', 'temporary_team_members', 'tournament_entries', 'tournament_matches', 'seasons', 'season_divisions', 'season_groups', 'season_entries', 'season_matches', 'transfer_requests'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "read_version_mark"()', t || '_read_version', t);
  END LOOP;
END $$;
