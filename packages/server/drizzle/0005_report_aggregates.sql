CREATE TABLE "agg_answer_count" (
	"ciclo_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"questionnaire_id" text NOT NULL,
	"questionnaire_version" integer NOT NULL,
	"segment" text NOT NULL,
	"segment_value" text NOT NULL,
	"item_id" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	"total" double precision NOT NULL,
	"scored" integer NOT NULL,
	CONSTRAINT "agg_answer_count_pk" PRIMARY KEY("ciclo_id","periodo_id","segment","campus_id","active_id","segment_value","questionnaire_id","questionnaire_version","item_id","value"),
	CONSTRAINT "agg_answer_count_segment_check" CHECK ("agg_answer_count"."segment" in ('all', 'plan', 'group', 'teacher', 'class', 'day'))
);
--> statement-breakpoint
CREATE TABLE "agg_response_count" (
	"ciclo_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"questionnaire_id" text NOT NULL,
	"questionnaire_version" integer NOT NULL,
	"segment" text NOT NULL,
	"segment_value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "agg_response_count_pk" PRIMARY KEY("ciclo_id","periodo_id","segment","campus_id","active_id","segment_value","questionnaire_id","questionnaire_version"),
	CONSTRAINT "agg_response_count_segment_check" CHECK ("agg_response_count"."segment" in ('all', 'plan', 'group', 'teacher', 'class', 'day'))
);
--> statement-breakpoint
CREATE TABLE "agg_teacher_score" (
	"ciclo_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"sum_squares" double precision NOT NULL,
	CONSTRAINT "agg_teacher_score_pk" PRIMARY KEY("ciclo_id","periodo_id","campus_id","active_id","teacher_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "agg_nom035_level" (
	"ciclo_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"guide" text NOT NULL,
	"scope" text NOT NULL,
	"scope_key" text NOT NULL,
	"level" text NOT NULL,
	"n" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	CONSTRAINT "agg_nom035_level_pk" PRIMARY KEY("ciclo_id","periodo_id","campus_id","active_id","guide","scope","scope_key","level")
);
--> statement-breakpoint
CREATE TABLE "response_text" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ciclo_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"survey_kind" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"item_id" text NOT NULL,
	"plan" text,
	"grupo" text,
	"teacher_id" integer,
	"class_id" integer,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agg_answer_count" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "agg_response_count" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "agg_teacher_score" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "agg_nom035_level" SET (fillfactor = 70);--> statement-breakpoint
CREATE INDEX "response_text_active_idx" ON "response_text" USING btree ("active_id","ciclo_id","item_id","id");--> statement-breakpoint
CREATE INDEX "response_text_period_idx" ON "response_text" USING btree ("ciclo_id","periodo_id","item_id","id");--> statement-breakpoint
CREATE INDEX "response_text_teacher_idx" ON "response_text" USING btree ("teacher_id","ciclo_id","item_id","id");--> statement-breakpoint
CREATE INDEX "response_text_search_idx" ON "response_text" USING gin (to_tsvector('spanish', "text"));--> statement-breakpoint
DROP INDEX "completion_active_cycle_idx";--> statement-breakpoint
CREATE INDEX "completion_active_cycle_respondent_idx" ON "completion" USING btree ("active_id","ciclo_id","respondent_type","respondent_id");--> statement-breakpoint
CREATE INDEX "student_campus_active_idx" ON "student" USING btree ("campus_id","plan","grupo","id") WHERE "student"."active";--> statement-breakpoint
CREATE INDEX "teacher_campus_active_idx" ON "teacher" USING btree ("campus_id","id") WHERE "teacher"."active";--> statement-breakpoint
CREATE INDEX "staff_campus_active_idx" ON "staff" USING btree ("campus_id","id") WHERE "staff"."active";
