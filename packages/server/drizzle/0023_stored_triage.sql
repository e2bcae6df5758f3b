-- Comment triage stored once (issue 21): each text's tone and alert (category and the words that matched), written
-- by the fold with the text, so the review queue and the alert list read them instead of triaging every comment on
-- each request. NULL tone: a text folded before this migration; the server triages those at start
-- (features/comment-triage, triageUnstoredTexts), so no alert is lost to the upgrade.
ALTER TABLE "response_text" ADD COLUMN "tone" double precision;
--> statement-breakpoint
ALTER TABLE "response_text" ADD COLUMN "alert_category" text;
--> statement-breakpoint
ALTER TABLE "response_text" ADD COLUMN "alert_matched" text;
--> statement-breakpoint
ALTER TABLE "response_text" ADD CONSTRAINT "response_text_alert_check" CHECK (
	("alert_category" IS NULL) = ("alert_matched" IS NULL)
	AND ("alert_category" IS NULL OR "alert_category" IN ('autolesion', 'amenaza', 'violencia', 'acoso', 'discriminacion'))
);
--> statement-breakpoint
-- The alert list reads only the few texts with an alert; the start-up pass only the untriaged ones (none after it).
CREATE INDEX "response_text_alert_idx" ON "response_text" ("active_id", "ciclo_id") WHERE "alert_category" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "response_text_untriaged_idx" ON "response_text" ("id") WHERE "tone" IS NULL;
--> statement-breakpoint
-- An alert marked «Atendida» by a holder of 'Atender Alertas de Comentarios', with a note. Keyed, like comment_review,
-- by a SHA-256 of what the alert list shows of the comment (application, survey type, item, the teacher when shown,
-- words), never by response_text.id (redrawn by a rebuild) nor by anything of the author.
CREATE TABLE "comment_alert_state" (
	"alert_key" text PRIMARY KEY NOT NULL,
	"active_id" integer NOT NULL REFERENCES "active"("id") ON DELETE CASCADE,
	"note" text NOT NULL,
	"attended_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"attended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "comment_alert_state_active_idx" ON "comment_alert_state" ("active_id");
