-- Campuses managed in the back office (issue 18, "From empty to the first application"): a campus is disabled, never
-- deleted, and a survey type (cycle) can be turned off at one campus. Only the exceptions are stored, so a campus
-- offers every survey type until told otherwise, and a survey kind added later is on everywhere.
ALTER TABLE "campus" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "campus_ciclo_disabled" (
	"campus_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	CONSTRAINT "campus_ciclo_disabled_campus_id_ciclo_id_pk" PRIMARY KEY("campus_id","ciclo_id")
);--> statement-breakpoint
ALTER TABLE "campus_ciclo_disabled" ADD CONSTRAINT "campus_ciclo_disabled_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_ciclo_disabled" ADD CONSTRAINT "campus_ciclo_disabled_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE cascade ON UPDATE no action;
