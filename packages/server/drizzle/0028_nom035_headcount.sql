-- 7.1 of NOM-035 (issue 22, docs/nom035.md): the campus's headcount when an application ran, so the evidence file
-- judges the guide and its sample by the workforce of then, not of today. Written at an application's first
-- NOM-035 answer (features/surveys/nom035.ts, the same count: active staff of the directory's staff types and
-- active teachers), with no day: a day would date the application's first answer. Deleted with its application.
CREATE TABLE "nom035_headcount" (
	"active_id" integer PRIMARY KEY NOT NULL REFERENCES "active"("id") ON DELETE CASCADE,
	"workers" integer NOT NULL,
	"taken_on" date,
	CONSTRAINT "nom035_headcount_workers_check" CHECK ("workers" >= 0)
);--> statement-breakpoint
-- Applications that started before this migration were not counted at the time: they get today's headcount, and
-- "taken_on" (today) says it was counted later (the file shows it).
INSERT INTO "nom035_headcount" ("active_id", "workers", "taken_on")
SELECT a."id",
	(SELECT count(*) FROM "staff" s WHERE s."campus_id" = a."campus_id" AND s."active"
		AND s."tipo" NOT IN ('Employee', 'Faculty', 'Inquiry', 'Applicant', 'Signoff', 'Student', 'Alumnus'))
	+ (SELECT count(*) FROM "teacher" t WHERE t."campus_id" = a."campus_id" AND t."active"),
	(now() AT TIME ZONE 'America/Mexico_City')::date
FROM "active" a
WHERE a."start_active" <= (now() AT TIME ZONE 'America/Mexico_City')::date
	AND EXISTS (
		SELECT 1 FROM "active_ciclo" ac JOIN "ciclo" c ON c."id" = ac."ciclo_id"
		WHERE ac."active_id" = a."id" AND c."survey_kind" = 'administrativos/norma'
	);
