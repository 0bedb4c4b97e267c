-- Live streams follow the access they were opened with (issue 26): a committed change that can take a stream away
-- publishes a notice on clutch_live, beside the match notices of 0005_live_events. Topic access:user names users
-- whose sign-ins were revoked (logout, ban, a stolen refresh token) or whose role or ban changed; access:season
-- names seasons that were unpublished, published or deleted. Every instance re-checks its streams of those users
-- and seasons and ends the ones the change took away (server/services/liveStreamAccess.ts).
CREATE FUNCTION "live_notify_access"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids json;
BEGIN
  -- TG_ARGV: the access kind, then a query over the transition tables naming the ids (one column, "id").
  EXECUTE 'SELECT json_agg(DISTINCT id) FROM (' || TG_ARGV[1] || ') AS changed' INTO ids;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('clutch_live', json_build_object(
      'seq', nextval('live_event_seq'),
      'tx', txid_current(),
      'topic', 'access:' || TG_ARGV[0],
      'ids', ids
    )::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_live_access" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_access"('user', 'SELECT n.user_id AS id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.revoked_at IS NOT NULL AND o.revoked_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER "sessions_live_access_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_access"('user', 'SELECT user_id AS id FROM old_rows WHERE revoked_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER "users_live_access" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_access"('user', 'SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.role IS DISTINCT FROM o.role OR n.banned IS DISTINCT FROM o.banned');
--> statement-breakpoint
CREATE TRIGGER "seasons_live_access" AFTER UPDATE ON "seasons" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_access"('season', 'SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.published IS DISTINCT FROM o.published');
--> statement-breakpoint
CREATE TRIGGER "seasons_live_access_delete" AFTER DELETE ON "seasons" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "live_notify_access"('season', 'SELECT id FROM old_rows');
