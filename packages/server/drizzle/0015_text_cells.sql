-- Text cells (schema.ts, textCounts): texts per item, application AND evaluated teacher (0: none), so the
-- small-group rule can judge the finest list a report can ask for (one teacher's comments at one campus).
-- Without it a hidden teacher's or campus's comments were a shown list minus the other shown lists
-- (docs/privacy.md, "Small groups and arithmetic"). Derived data: refilled from response_text.
ALTER TABLE "agg_text_count" DROP CONSTRAINT "agg_text_count_pk";
--> statement-breakpoint
TRUNCATE "agg_text_count";
--> statement-breakpoint
ALTER TABLE "agg_text_count" ADD COLUMN "teacher_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agg_text_count" ADD CONSTRAINT "agg_text_count_pk" PRIMARY KEY("ciclo_id","periodo_id","item_id","campus_id","active_id","teacher_id");
--> statement-breakpoint
INSERT INTO "agg_text_count" ("ciclo_id", "active_id", "campus_id", "periodo_id", "item_id", "teacher_id", "n")
SELECT "ciclo_id", "active_id", "campus_id", "periodo_id", "item_id", coalesce("teacher_id", 0), count(*)::int FROM "response_text"
GROUP BY "ciclo_id", "active_id", "campus_id", "periodo_id", "item_id", coalesce("teacher_id", 0);
