CREATE TABLE "player_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"twitter_handle" text NOT NULL,
	"picture_url" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "player_cards_rank_idx" ON "player_cards" USING btree ("rank","id");