ALTER TABLE "season_matches" ADD COLUMN "score_a" integer;--> statement-breakpoint
ALTER TABLE "season_matches" ADD COLUMN "score_b" integer;--> statement-breakpoint
-- Decided matches so far stored their result as the reports: the winner's report is the result (src/domain/season/seasonResult.ts before this migration).
UPDATE "season_matches" SET
  "score_a" = CASE WHEN "winning_team" = 'TeamA' THEN coalesce("team_a_score_a", "team_b_score_a") ELSE coalesce("team_b_score_a", "team_a_score_a") END,
  "score_b" = CASE WHEN "winning_team" = 'TeamA' THEN coalesce("team_a_score_b", "team_b_score_b") ELSE coalesce("team_b_score_b", "team_a_score_b") END
WHERE "winning_team" IS NOT NULL;
