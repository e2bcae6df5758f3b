-- Texts per item and application (schema.ts, textCounts), folded with the texts; filled from response_text.
CREATE TABLE "agg_text_count" (
	"ciclo_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "agg_text_count_pk" PRIMARY KEY("ciclo_id","periodo_id","item_id","campus_id","active_id")
);
--> statement-breakpoint
INSERT INTO "agg_text_count" ("ciclo_id", "active_id", "campus_id", "periodo_id", "item_id", "n")
SELECT "ciclo_id", "active_id", "campus_id", "periodo_id", "item_id", count(*)::int FROM "response_text"
GROUP BY "ciclo_id", "active_id", "campus_id", "periodo_id", "item_id";
