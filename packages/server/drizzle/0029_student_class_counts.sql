-- Each student's classes in a period, and per application how many of them they evaluated: a per-class kind's
-- missing counts and rates read one row a student instead of joining every enrolment with its completion (at the
-- bench's 1,050,000 enrolments and 944,000 completions a whole cycle took 1.5 s; docs/benchmarks.md). Kept by
-- triggers on enrolment and completion, as application_respondent (0012), so every writer keeps them. They tell
-- nothing `completion` does not: no day, no answer.
CREATE TABLE "student_class_count" (
	"periodo_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"classes" integer NOT NULL,
	CONSTRAINT "student_class_count_pk" PRIMARY KEY ("periodo_id", "student_id")
);
--> statement-breakpoint
CREATE TABLE "student_evaluation_count" (
	"periodo_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	-- Completions under this application of classes the student takes in the period.
	"evaluated" integer NOT NULL,
	CONSTRAINT "student_evaluation_count_pk" PRIMARY KEY ("periodo_id", "student_id", "active_id", "ciclo_id")
);
--> statement-breakpoint
-- The counts of these students from enrolment and completion again: removals (rare: the product never removes
-- an enrolment or a completion) and this migration. A removed class's enrolments are gone by the time an AFTER
-- trigger runs, so a removal is recounted rather than subtracted.
CREATE FUNCTION "recount_student_classes"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "student_class_count" k USING unnest(ids) s(id) WHERE k."student_id" = s.id;
  DELETE FROM "student_evaluation_count" v USING unnest(ids) s(id) WHERE v."student_id" = s.id;
  INSERT INTO "student_class_count" ("periodo_id", "student_id", "classes")
  SELECT cl."periodo_id", e."student_id", count(*)
  FROM (SELECT DISTINCT id FROM unnest(ids) s(id)) s
    JOIN "enrolment" e ON e."student_id" = s.id JOIN "class" cl ON cl."id" = e."class_id"
  GROUP BY 1, 2;
  INSERT INTO "student_evaluation_count" ("periodo_id", "student_id", "active_id", "ciclo_id", "evaluated")
  SELECT cl."periodo_id", e."student_id", c."active_id", c."ciclo_id", count(*)
  FROM (SELECT DISTINCT id FROM unnest(ids) s(id)) s
    JOIN "enrolment" e ON e."student_id" = s.id JOIN "class" cl ON cl."id" = e."class_id"
    JOIN "completion" c ON c."respondent_type" = 'student' AND c."respondent_id" = e."student_id" AND c."subject_key" = e."class_id"::text
  GROUP BY 1, 2, 3, 4;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "student_class_count_from_enrolment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "recount_student_classes"(ARRAY(SELECT DISTINCT "student_id" FROM old_rows));
    RETURN NULL;
  END IF;
  INSERT INTO "student_class_count" ("periodo_id", "student_id", "classes")
  SELECT cl."periodo_id", e."student_id", count(*) FROM new_rows e JOIN "class" cl ON cl."id" = e."class_id"
  GROUP BY 1, 2
  ON CONFLICT ("periodo_id", "student_id") DO UPDATE SET "classes" = "student_class_count"."classes" + excluded."classes";
  -- Completions of a class are counted while the student takes it: one written before its enrolment counts from then.
  INSERT INTO "student_evaluation_count" ("periodo_id", "student_id", "active_id", "ciclo_id", "evaluated")
  SELECT cl."periodo_id", e."student_id", c."active_id", c."ciclo_id", count(*)
  FROM new_rows e JOIN "class" cl ON cl."id" = e."class_id"
    JOIN "completion" c ON c."respondent_type" = 'student' AND c."respondent_id" = e."student_id" AND c."subject_key" = e."class_id"::text
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("periodo_id", "student_id", "active_id", "ciclo_id") DO UPDATE
    SET "evaluated" = "student_evaluation_count"."evaluated" + excluded."evaluated";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "enrolment_student_class_count_insert" AFTER INSERT ON "enrolment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_class_count_from_enrolment"();
--> statement-breakpoint
CREATE TRIGGER "enrolment_student_class_count_delete" AFTER DELETE ON "enrolment"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_class_count_from_enrolment"();
--> statement-breakpoint
CREATE FUNCTION "student_evaluation_count_from_completion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "recount_student_classes"(ARRAY(SELECT DISTINCT "respondent_id" FROM old_rows WHERE "respondent_type" = 'student'));
    RETURN NULL;
  END IF;
  -- A teacher evaluation's subject is the class's id; other kinds' subjects ('', a guide) match no enrolment.
  INSERT INTO "student_evaluation_count" ("periodo_id", "student_id", "active_id", "ciclo_id", "evaluated")
  SELECT cl."periodo_id", n."respondent_id", n."active_id", n."ciclo_id", count(*)
  FROM new_rows n
    JOIN "enrolment" e ON e."student_id" = n."respondent_id"
      AND e."class_id" = CASE WHEN n."subject_key" ~ '^[1-9][0-9]{0,8}$' THEN n."subject_key"::integer END
    JOIN "class" cl ON cl."id" = e."class_id"
  WHERE n."respondent_type" = 'student'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("periodo_id", "student_id", "active_id", "ciclo_id") DO UPDATE
    SET "evaluated" = "student_evaluation_count"."evaluated" + excluded."evaluated";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "completion_student_evaluation_count_insert" AFTER INSERT ON "completion"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_evaluation_count_from_completion"();
--> statement-breakpoint
CREATE TRIGGER "completion_student_evaluation_count_delete" AFTER DELETE ON "completion"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_evaluation_count_from_completion"();
--> statement-breakpoint
CREATE FUNCTION "student_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'enrolment' THEN
    TRUNCATE "student_class_count", "student_evaluation_count";
  ELSE
    TRUNCATE "student_evaluation_count";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "enrolment_student_counts_truncate" AFTER TRUNCATE ON "enrolment" FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "completion_student_counts_truncate" AFTER TRUNCATE ON "completion" FOR EACH STATEMENT EXECUTE FUNCTION "student_counts_truncated"();
--> statement-breakpoint
SELECT "recount_student_classes"(ARRAY(SELECT DISTINCT "student_id" FROM "enrolment"));
--> statement-breakpoint
-- Statistics now: until autovacuum gathers them (PGlite runs none) the planner takes both for empty tables.
ANALYZE "student_class_count", "student_evaluation_count";
