CREATE TYPE "public"."invite_status" AS ENUM('PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('REQUIRES_CONFIRMATION', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('USER', 'ADMIN', 'OWNER');--> statement-breakpoint
CREATE TYPE "public"."switcheroo_type" AS ENUM('SINGLES', 'DOUBLES');--> statement-breakpoint
CREATE TYPE "public"."team_role" AS ENUM('PLAYER', 'CAPTAIN');--> statement-breakpoint
CREATE TYPE "public"."tournament_status" AS ENUM('OPEN', 'CLOSED', 'ACTIVE', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."tournament_type" AS ENUM('TOURNAMENT', 'SWITCHEROO');--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data_base64" text NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"purpose" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"email" text,
	"reference" text,
	"status" "payment_status" DEFAULT 'REQUIRES_CONFIRMATION' NOT NULL,
	"failure_message" text,
	"completed_at" bigint,
	"refunded_at" bigint,
	"refund_id" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"rotated_at" bigint,
	"revoked_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_images" (
	"image_type" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"handle" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"image_url" text,
	"posted_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_transfer" boolean DEFAULT false NOT NULL,
	"status" "invite_status" DEFAULT 'PENDING' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"gold" integer DEFAULT 0 NOT NULL,
	"silver" integer DEFAULT 0 NOT NULL,
	"bronze" integer DEFAULT 0 NOT NULL,
	"division_wins" integer DEFAULT 0 NOT NULL,
	"division_losses" integer DEFAULT 0 NOT NULL,
	"transfer_mode" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temporary_team_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" "invite_status" DEFAULT 'PENDING' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temporary_team_members" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tournament_id" integer NOT NULL,
	"team_role" "team_role" DEFAULT 'PLAYER' NOT NULL,
	"slot" integer DEFAULT 0 NOT NULL,
	"joined_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temporary_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"captain_id" integer,
	"list_order" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"free_substitutes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"user_id" integer,
	"temporary_team_id" integer,
	"defined_name" text,
	"seed" integer,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"payment_id" integer,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"match_number" integer NOT NULL,
	"round_name" text NOT NULL,
	"track" text NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"source_a_kind" text NOT NULL,
	"source_a_ref" integer NOT NULL,
	"source_b_kind" text NOT NULL,
	"source_b_ref" integer NOT NULL,
	"entry_a_id" integer,
	"entry_b_id" integer,
	"entry_a_bye" boolean DEFAULT false NOT NULL,
	"entry_b_bye" boolean DEFAULT false NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"entry_a_score_a" integer,
	"entry_a_score_b" integer,
	"entry_b_score_a" integer,
	"entry_b_score_b" integer,
	"score_a" integer,
	"score_b" integer,
	"winning_entry" text DEFAULT '' NOT NULL,
	"dispute" boolean DEFAULT false NOT NULL,
	"records_counted" boolean DEFAULT false NOT NULL,
	"due_by_date" bigint,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"entry_fee_cents" integer DEFAULT 0 NOT NULL,
	"start_date" bigint NOT NULL,
	"start_time" text DEFAULT '' NOT NULL,
	"end_date" bigint NOT NULL,
	"sign_up_close" bigint NOT NULL,
	"tournament_type" "tournament_type" DEFAULT 'TOURNAMENT' NOT NULL,
	"switcheroo_type" "switcheroo_type" DEFAULT 'SINGLES' NOT NULL,
	"sign_up_limit" integer DEFAULT 16 NOT NULL,
	"team_limit" integer DEFAULT 1 NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"prize_pool_info" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"game" text NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"allow_signups" boolean DEFAULT true NOT NULL,
	"allow_score_submission" boolean DEFAULT true NOT NULL,
	"status" "tournament_status" DEFAULT 'OPEN' NOT NULL,
	"graphic_url" text,
	"maps_and_modes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"defined_entries" jsonb DEFAULT '{"definedUsers":[],"definedTeams":[]}'::jsonb NOT NULL,
	"winning_entry_id" integer,
	"winning_entry_name" text,
	"discord_cleaned_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"discord_id" text,
	"discord_name" text NOT NULL,
	"battle_tag" text,
	"katana_rank" integer DEFAULT 1000 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"gold" integer DEFAULT 0 NOT NULL,
	"silver" integer DEFAULT 0 NOT NULL,
	"bronze" integer DEFAULT 0 NOT NULL,
	"joined" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"picture" text,
	"twitter_handle" text,
	"twitch_name" text,
	"youtube_channel" text,
	"free_agent" boolean DEFAULT false NOT NULL,
	"team_id" integer,
	"team_role" "team_role",
	"role" "role" DEFAULT 'USER' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_team_invites" ADD CONSTRAINT "temporary_team_invites_team_id_temporary_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."temporary_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_team_invites" ADD CONSTRAINT "temporary_team_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_team_members" ADD CONSTRAINT "temporary_team_members_team_id_temporary_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."temporary_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_team_members" ADD CONSTRAINT "temporary_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_team_members" ADD CONSTRAINT "temporary_team_members_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_teams" ADD CONSTRAINT "temporary_teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_teams" ADD CONSTRAINT "temporary_teams_captain_id_users_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_temporary_team_id_temporary_teams_id_fk" FOREIGN KEY ("temporary_team_id") REFERENCES "public"."temporary_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_entry_a_id_tournament_entries_id_fk" FOREIGN KEY ("entry_a_id") REFERENCES "public"."tournament_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_entry_b_id_tournament_entries_id_fk" FOREIGN KEY ("entry_b_id") REFERENCES "public"."tournament_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_uq" ON "payments" USING btree ("provider","intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family");--> statement-breakpoint
CREATE INDEX "team_invites_user_idx" ON "team_invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_invites_team_idx" ON "team_invites" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "tti_user_idx" ON "temporary_team_invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tti_team_idx" ON "temporary_team_invites" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temporary_team_members_pk" ON "temporary_team_members" USING btree ("tournament_id","user_id");--> statement-breakpoint
CREATE INDEX "ttm_team_idx" ON "temporary_team_members" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "temporary_teams_tournament_idx" ON "temporary_teams" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_entries_tournament_idx" ON "tournament_entries" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entries_user_uq" ON "tournament_entries" USING btree ("tournament_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entries_team_uq" ON "tournament_entries" USING btree ("tournament_id","temporary_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_matches_number_uq" ON "tournament_matches" USING btree ("tournament_id","match_number");--> statement-breakpoint
CREATE INDEX "tournament_matches_tournament_idx" ON "tournament_matches" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournaments_status_idx" ON "tournaments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tournaments_start_idx" ON "tournaments" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_discord_id_idx" ON "users" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "users_discord_name_idx" ON "users" USING btree ("discord_name");--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("team_id");