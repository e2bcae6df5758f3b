-- Each segment's points over all its scored answers, so a breakdown by plan or
-- group reads one row per segment value (not one per item and value) and opens
-- a segment's items only when asked (docs/reports.md, "Aggregates").
ALTER TABLE "agg_response_count" ADD COLUMN "total" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agg_response_count" ADD COLUMN "scored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "agg_response_count" r SET "total" = s."total", "scored" = s."scored"
FROM (
  SELECT "ciclo_id", "periodo_id", "segment", "campus_id", "active_id", "segment_value", "questionnaire_id", "questionnaire_version",
    sum("total") AS "total", sum("scored")::int AS "scored"
  FROM "agg_answer_count"
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
) s
WHERE r."ciclo_id" = s."ciclo_id" AND r."periodo_id" = s."periodo_id" AND r."segment" = s."segment" AND r."campus_id" = s."campus_id"
  AND r."active_id" = s."active_id" AND r."segment_value" = s."segment_value" AND r."questionnaire_id" = s."questionnaire_id"
  AND r."questionnaire_version" = s."questionnaire_version";
