-- The last run of each piece of background work, and the lease that lets one API process of many take each
-- scheduled run (issue 18, features/maintenance/background-runs.ts).
CREATE TABLE "background_run" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" jsonb,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"process" text NOT NULL
);
--> statement-breakpoint
-- A reminder sending cut short by a dead process is resumed by another one: what it reads, and where it was.
ALTER TABLE "reminder_job" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "reminder_job" ADD COLUMN "after_id" integer DEFAULT 0 NOT NULL;
