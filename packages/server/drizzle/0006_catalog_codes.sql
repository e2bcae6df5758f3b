-- Catalogue answers hold stable codes instead of serial ids (issue 8). Every entry gets a
-- code: the slug of its name (accents folded, '$' ',' '.' and apostrophes dropped, other runs
-- of non-alphanumerics as '-'), which is exactly the explicit code the reference seed gives
-- its entries; a slug without a letter gets 'item-' in front (a code never looks like an id),
-- and a slug taken in the same catalogue by a lower id gets '-<id>' after it.
ALTER TABLE "catalog_item" ADD COLUMN "code" text;
--> statement-breakpoint
WITH slugged AS (
	SELECT "id", "catalog", trim(both '-' from regexp_replace(regexp_replace(lower(translate("name",
		'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
		'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), '[$,.''’]', '', 'g'), '[^a-z0-9]+', '-', 'g')) AS "slug"
	FROM "catalog_item"
), based AS (
	SELECT "id", "catalog", CASE WHEN "slug" ~ '[a-z]' THEN "slug" ELSE trim(both '-' from 'item-' || "slug") END AS "base"
	FROM slugged
), numbered AS (
	SELECT "id", "base", row_number() OVER (PARTITION BY "catalog", "base" ORDER BY "id") AS "rank" FROM based
)
UPDATE "catalog_item" SET "code" = CASE WHEN numbered."rank" = 1 THEN numbered."base" ELSE numbered."base" || '-' || numbered."id" END
FROM numbered WHERE numbered."id" = "catalog_item"."id";
--> statement-breakpoint
ALTER TABLE "catalog_item" ALTER COLUMN "code" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "catalog_item" ADD CONSTRAINT "catalog_item_code_check" CHECK ("catalog_item"."code" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and "catalog_item"."code" ~ '[a-z]');
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_item_catalog_code_key" ON "catalog_item" USING btree ("catalog","code");
--> statement-breakpoint
-- Stored answers of every catalogue question (server catalogues; INEGI values are already
-- claves) go from ids to codes: single choices and each element of multiple choices; 'otro'
-- and values of no entry stay as they are. Held responses (the anonymity holding table, when
-- it exists with these columns) are converted like published ones.
DO $migration$
DECLARE
	target text;
BEGIN
	FOR target IN
		SELECT candidate FROM unnest(ARRAY['response', 'held_response']) AS candidate
		WHERE to_regclass(candidate) IS NOT NULL
			AND (SELECT count(*) FROM information_schema.columns
				WHERE table_schema = current_schema() AND table_name = candidate AND column_name IN ('questionnaire_id', 'answers')) = 2
	LOOP
		EXECUTE format($update$
			UPDATE %I AS r SET "answers" = (
				SELECT jsonb_object_agg(a.key, CASE
					WHEN q.catalog IS NULL THEN a.value
					WHEN jsonb_typeof(a.value) = 'array' THEN coalesce((
						SELECT jsonb_agg(coalesce(to_jsonb(c."code"), e.value) ORDER BY e.ordinal)
						FROM jsonb_array_elements(a.value) WITH ORDINALITY AS e(value, ordinal)
						LEFT JOIN "catalog_item" c ON c."catalog" = q.catalog AND c."id"::text = e.value #>> '{}'
					), '[]'::jsonb)
					ELSE coalesce((SELECT to_jsonb(c."code") FROM "catalog_item" c WHERE c."catalog" = q.catalog AND c."id"::text = a.value #>> '{}'), a.value)
				END)
				FROM jsonb_each(r."answers") AS a(key, value)
				LEFT JOIN (VALUES
					('alumnos-nuevo-ingreso', 'schoolType', 'InstitudeOption'),
					('alumnos-nuevo-ingreso', 'knowChannels', 'KnowMarketingChannel'),
					('alumnos-nuevo-ingreso', 'effectiveChannel', 'EffectiveMarketingChannel'),
					('alumnos-nuevo-ingreso', 'communicationChannel', 'CommunicationChannel'),
					('alumnos-nuevo-ingreso', 'transportationMode', 'TransportationMode'),
					('alumnos-nuevo-ingreso', 'extracurricularActivities', 'ExtracurricularActivitie'),
					('alumnos-servicios-b', 'tripCost', 'TripCost'),
					('alumnos-servicios-b', 'exchangeCost', 'ExchangeCost')
				) AS q(questionnaire_id, item, catalog) ON q.questionnaire_id = r."questionnaire_id" AND q.item = a.key
			)
			WHERE r."questionnaire_id" IN ('alumnos-nuevo-ingreso', 'alumnos-servicios-b')
				AND jsonb_typeof(r."answers") = 'object' AND r."answers" <> '{}'::jsonb
		$update$, target);
	END LOOP;
END
$migration$;
