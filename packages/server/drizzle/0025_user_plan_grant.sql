-- Coordinators by plan of study (issue 21): a user's plans at a campus they are granted. At such a campus the teacher
-- reports name only the teachers of those plans. Bound to the campus grant (losing the campus drops its plans).
CREATE TABLE "user_plan_grant" (
	"user_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"plan" text NOT NULL,
	CONSTRAINT "user_plan_grant_user_id_campus_id_plan_pk" PRIMARY KEY("user_id","campus_id","plan"),
	CONSTRAINT "user_plan_grant_campus_grant_fk" FOREIGN KEY ("user_id","campus_id") REFERENCES "user_campus_grant"("user_id","campus_id") ON DELETE CASCADE
);
