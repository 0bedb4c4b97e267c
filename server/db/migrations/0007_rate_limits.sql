-- Rate-limit counts shared by every instance (RATE_LIMIT_STORE=postgres, issue 24). UNLOGGED: no WAL for a counter
-- that needs no durability (a crash empties it, which only forgives the current minute).
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" bigint NOT NULL
);
