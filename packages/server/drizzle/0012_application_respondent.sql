-- One row per person who answered something of an application's cycle (schema.ts, applicationRespondents),
-- kept by a trigger so every writer of completion (submissions, seeds, benchmarks, tests) keeps it.
CREATE TABLE "application_respondent" (
	"active_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	"respondent_type" text NOT NULL,
	"respondent_id" integer NOT NULL,
	CONSTRAINT "application_respondent_pk" PRIMARY KEY("active_id","ciclo_id","respondent_type","respondent_id")
);
--> statement-breakpoint
CREATE FUNCTION "application_respondent_from_completion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_respondent" ("active_id", "ciclo_id", "respondent_type", "respondent_id")
  SELECT DISTINCT n."active_id", n."ciclo_id", n."respondent_type", n."respondent_id" FROM new_rows n
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "completion_application_respondent" AFTER INSERT ON "completion"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_respondent_from_completion"();
--> statement-breakpoint
INSERT INTO "application_respondent" ("active_id", "ciclo_id", "respondent_type", "respondent_id")
SELECT DISTINCT "active_id", "ciclo_id", "respondent_type", "respondent_id" FROM "completion";
