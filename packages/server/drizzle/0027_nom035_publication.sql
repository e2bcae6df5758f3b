-- NOM-035 numeral 7.8 (issue 22, docs/nom035.md): an application's aggregate results published to the campus's
-- staff, who published it and when, and its withdrawal. A withdrawal closes the row; publishing again opens a new
-- one, so the history stays (numeral 10.4: the platform never prunes these records). At most one open row per
-- application. Nothing here names a worker.
CREATE TABLE "nom035_publication" (
	"id" serial PRIMARY KEY NOT NULL,
	"active_id" integer NOT NULL REFERENCES "active"("id"),
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	CONSTRAINT "nom035_publication_withdrawn_check" CHECK ("withdrawn_at" IS NULL OR "withdrawn_at" >= "published_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "nom035_publication_open_idx" ON "nom035_publication" ("active_id") WHERE "withdrawn_at" IS NULL;
