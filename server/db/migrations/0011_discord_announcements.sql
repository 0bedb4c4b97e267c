CREATE TABLE "discord_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"tournament_id" integer,
	"season_id" integer,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"lease_until" bigint,
	"last_error" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"delivered_at" bigint,
	CONSTRAINT "discord_deliveries_one_scope" CHECK (("discord_deliveries"."tournament_id" is null) <> ("discord_deliveries"."season_id" is null))
);
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "discord_webhook_url" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "discord_webhook_url" text;--> statement-breakpoint
ALTER TABLE "discord_deliveries" ADD CONSTRAINT "discord_deliveries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_deliveries" ADD CONSTRAINT "discord_deliveries_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discord_deliveries_key_uq" ON "discord_deliveries" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "discord_deliveries_due_idx" ON "discord_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "discord_deliveries_tournament_idx" ON "discord_deliveries" USING btree ("tournament_id","id");--> statement-breakpoint
CREATE INDEX "discord_deliveries_season_idx" ON "discord_deliveries" USING btree ("season_id","id");