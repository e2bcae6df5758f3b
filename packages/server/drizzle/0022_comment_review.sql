-- Comment review before teachers read comments (issue 21). One decision per comment, keyed by the comment's words in
-- its place (application, evaluated teacher, item) rather than by response_text.id: a rebuild of the aggregates gives
-- every text a new id, and a decision must outlive it. The key is a SHA-256, never a link to a response or a person.
CREATE TABLE "comment_review" (
	"text_key" text PRIMARY KEY NOT NULL,
	"active_id" integer NOT NULL REFERENCES "active"("id") ON DELETE CASCADE,
	"decision" text NOT NULL,
	"published_text" text,
	"reason" text,
	"reviewed_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_review_decision_check" CHECK ("decision" IN ('published', 'redacted', 'withheld')),
	CONSTRAINT "comment_review_redacted_check" CHECK (("decision" = 'redacted') = ("published_text" IS NOT NULL)),
	CONSTRAINT "comment_review_withheld_check" CHECK (("decision" = 'withheld') = ("reason" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "comment_review_active_idx" ON "comment_review" ("active_id");
--> statement-breakpoint
-- Whether teachers' results wait until every comment of the application is reviewed, or release the reviewed ones.
ALTER TABLE "active" ADD COLUMN "release_waits_for_review" boolean DEFAULT true NOT NULL;
