-- Live updates (issue 15): every committed change of tournament or league matches publishes one NOTIFY per
-- tournament or division on channel clutch_live, from the database itself, so no writer can forget it and a rolled
-- back change publishes nothing. The payload names what changed (ids; null when a statement touched more than 200
-- rows, or inserted or deleted rows: the bracket's shape changed and clients read it again); every server instance
-- LISTENs and reads the changed rows once (server/services/liveEvents.ts). seq names events on every instance; tx lets
-- an instance merge the several statements of one transaction into one event.
CREATE SEQUENCE "live_event_seq";
--> statement-breakpoint
CREATE FUNCTION "live_notify_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN EXECUTE format(
    'SELECT %I AS topic_id, count(*) AS n, array_agg(id ORDER BY id) AS ids FROM changed_rows GROUP BY 1',
    TG_ARGV[1]
  ) LOOP
    PERFORM pg_notify('clutch_live', json_build_object(
      'seq', nextval('live_event_seq'),
      'tx', txid_current(),
      'topic', TG_ARGV[0] || ':' || r.topic_id,
      'ids', CASE WHEN TG_OP = 'UPDATE' AND r.n <= 200 THEN to_json(r.ids) ELSE NULL END
    )::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tournament_matches_live_update" AFTER UPDATE ON "tournament_matches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_matches"('tournament', 'tournament_id');
--> statement-breakpoint
CREATE TRIGGER "tournament_matches_live_insert" AFTER INSERT ON "tournament_matches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_matches"('tournament', 'tournament_id');
--> statement-breakpoint
CREATE TRIGGER "tournament_matches_live_delete" AFTER DELETE ON "tournament_matches" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_matches"('tournament', 'tournament_id');
--> statement-breakpoint
CREATE TRIGGER "season_matches_live_update" AFTER UPDATE ON "season_matches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_matches"('division', 'division_id');
--> statement-breakpoint
CREATE TRIGGER "season_matches_live_insert" AFTER INSERT ON "season_matches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_matches"('division', 'division_id');
--> statement-breakpoint
CREATE TRIGGER "season_matches_live_delete" AFTER DELETE ON "season_matches" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_matches"('division', 'division_id');
