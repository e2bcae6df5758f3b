-- New intake v3 (issue 9): the school of origin is picked from the InstitudeOption catalogue
-- and is a segment of the aggregates ("students' opinion by institute"). Responses before it
-- have no such answer, so no aggregate row needs filling.
ALTER TABLE "agg_answer_count" DROP CONSTRAINT "agg_answer_count_segment_check";
--> statement-breakpoint
ALTER TABLE "agg_answer_count" ADD CONSTRAINT "agg_answer_count_segment_check" CHECK ("agg_answer_count"."segment" in ('all', 'plan', 'group', 'teacher', 'class', 'day', 'institute'));
--> statement-breakpoint
ALTER TABLE "agg_response_count" DROP CONSTRAINT "agg_response_count_segment_check";
--> statement-breakpoint
ALTER TABLE "agg_response_count" ADD CONSTRAINT "agg_response_count_segment_check" CHECK ("agg_response_count"."segment" in ('all', 'plan', 'group', 'teacher', 'class', 'day', 'institute'));
--> statement-breakpoint
-- InstitudeOption now lists schools. Its five seeded kinds of bachillerato (what version 2
-- asked of everyone) leave it: version 3 asks the kind only for an unlisted school, as
-- inline options with these same codes, so stored answers keep their meaning and label.
DELETE FROM "catalog_item" WHERE "catalog" = 'InstitudeOption' AND "code" IN ('preparatoria-publica', 'preparatoria-privada',
	'bachillerato-tecnologico-cbtis-cetis-conalep', 'colegio-de-bachilleres', 'preparatoria-abierta');
