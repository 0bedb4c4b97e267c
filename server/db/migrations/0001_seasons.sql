CREATE TYPE "public"."match_position" AS ENUM('FIRST', 'SECOND', 'THIRD', 'FOURTH');--> statement-breakpoint
CREATE TYPE "public"."season_match_type" AS ENUM('GROUP_STAGE', 'PLAYOFF');--> statement-breakpoint
CREATE TYPE "public"."season_round_type" AS ENUM('GROUPS', 'ROUND1', 'LOSERROUND1', 'ROUND2', 'LOSERROUND2', 'WINNERSFINAL', 'LOSERSROUND3', 'LOSERSFINAL', 'GRANDFINAL', 'GRANDFINAL2');--> statement-breakpoint
CREATE TYPE "public"."season_type" AS ENUM('OPEN', 'CLOSED', 'GROUP_STAGES', 'PLAYOFFS', 'COMPLETE');--> statement-breakpoint
CREATE TYPE "public"."winning_team" AS ENUM('TeamA', 'TeamB');--> statement-breakpoint
CREATE TABLE "season_divisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"division_id" integer,
	"group_id" integer,
	"division_wins" integer DEFAULT 0 NOT NULL,
	"division_losses" integer DEFAULT 0 NOT NULL,
	"seed" integer,
	"payment_id" integer,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"joined_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"group_id" integer,
	"match_type" "season_match_type" NOT NULL,
	"round_type" "season_round_type" NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"match_number" integer,
	"position" "match_position",
	"track" text,
	"source_a_kind" text,
	"source_a_ref" integer,
	"source_b_kind" text,
	"source_b_ref" integer,
	"team_a_id" integer,
	"team_b_id" integer,
	"team_a_bye" boolean DEFAULT false NOT NULL,
	"team_b_bye" boolean DEFAULT false NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"team_a_score_a" integer,
	"team_a_score_b" integer,
	"team_b_score_a" integer,
	"team_b_score_b" integer,
	"winning_team" "winning_team",
	"dispute" boolean DEFAULT false NOT NULL,
	"records_counted" boolean DEFAULT false NOT NULL,
	"due_by_date" bigint,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_date" bigint NOT NULL,
	"playoff_weeks" integer NOT NULL,
	"entry_fee_cents" integer DEFAULT 0 NOT NULL,
	"prize_pool_info" text DEFAULT '' NOT NULL,
	"season_info" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"season_type" "season_type" DEFAULT 'OPEN' NOT NULL,
	"round1_due_by" bigint NOT NULL,
	"round2_due_by" bigint NOT NULL,
	"losers1_due_by" bigint NOT NULL,
	"losers2_due_by" bigint NOT NULL,
	"losers3_due_by" bigint NOT NULL,
	"winners_final_due_by" bigint NOT NULL,
	"losers_final_due_by" bigint NOT NULL,
	"grand_final_due_by" bigint NOT NULL,
	"division_splits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "season_divisions" ADD CONSTRAINT "season_divisions_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_entries" ADD CONSTRAINT "season_entries_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_entries" ADD CONSTRAINT "season_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_entries" ADD CONSTRAINT "season_entries_division_id_season_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."season_divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_entries" ADD CONSTRAINT "season_entries_group_id_season_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."season_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_entries" ADD CONSTRAINT "season_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_groups" ADD CONSTRAINT "season_groups_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_groups" ADD CONSTRAINT "season_groups_division_id_season_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."season_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_matches" ADD CONSTRAINT "season_matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_matches" ADD CONSTRAINT "season_matches_division_id_season_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."season_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_matches" ADD CONSTRAINT "season_matches_group_id_season_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."season_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_matches" ADD CONSTRAINT "season_matches_team_a_id_teams_id_fk" FOREIGN KEY ("team_a_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_matches" ADD CONSTRAINT "season_matches_team_b_id_teams_id_fk" FOREIGN KEY ("team_b_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "season_divisions_position_uq" ON "season_divisions" USING btree ("season_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "season_entries_team_uq" ON "season_entries" USING btree ("season_id","team_id");--> statement-breakpoint
CREATE INDEX "season_entries_team_idx" ON "season_entries" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "season_entries_division_idx" ON "season_entries" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "season_entries_group_idx" ON "season_entries" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "season_groups_name_uq" ON "season_groups" USING btree ("division_id","name");--> statement-breakpoint
CREATE INDEX "season_groups_season_idx" ON "season_groups" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "season_matches_season_idx" ON "season_matches" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "season_matches_division_idx" ON "season_matches" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "season_matches_group_idx" ON "season_matches" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "season_matches_team_a_idx" ON "season_matches" USING btree ("team_a_id");--> statement-breakpoint
CREATE INDEX "season_matches_team_b_idx" ON "season_matches" USING btree ("team_b_id");--> statement-breakpoint
CREATE INDEX "season_matches_due_idx" ON "season_matches" USING btree ("due_by_date");--> statement-breakpoint
CREATE UNIQUE INDEX "season_matches_number_uq" ON "season_matches" USING btree ("division_id","match_number");--> statement-breakpoint
CREATE INDEX "seasons_type_idx" ON "seasons" USING btree ("season_type");--> statement-breakpoint
CREATE INDEX "seasons_start_idx" ON "seasons" USING btree ("start_date");