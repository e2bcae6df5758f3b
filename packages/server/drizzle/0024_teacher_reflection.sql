-- A teacher's reflection on a class's released results, «Lo que haré con estos resultados» (issue 21): the teacher's
-- own words, shown to the students who evaluate them in a later term. One per class; nothing about any student.
CREATE TABLE "teacher_reflection" (
	"class_id" integer PRIMARY KEY NOT NULL REFERENCES "class"("id") ON DELETE CASCADE,
	"teacher_id" integer NOT NULL REFERENCES "teacher"("id") ON DELETE CASCADE,
	"text" text NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_reflection_text_check" CHECK (length(btrim("text")) BETWEEN 1 AND 1000)
);--> statement-breakpoint
CREATE INDEX "teacher_reflection_teacher_idx" ON "teacher_reflection" ("teacher_id");
