-- The day teachers may read their results of an application (issue 21, "Release"): null means the day after its
-- window ends, so existing applications and clients that never send it keep a sensible day.
ALTER TABLE "active" ADD COLUMN "results_release_day" date;--> statement-breakpoint
ALTER TABLE "active" ADD CONSTRAINT "active_results_release_check" CHECK ("active"."results_release_day" >= "active"."start_active");
