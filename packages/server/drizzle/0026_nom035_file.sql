-- A campus's NOM-035 evidence file (issue 22, docs/nom035.md): what the campus records for the norm beyond the
-- questionnaires. Nothing here names a worker: program actions concern areas or groups. No row is ever pruned or
-- deleted by the platform (numeral 10.4 asks at least a year); a mistake is corrected in place, and the audit log
-- keeps the values before.
-- 5.1: the campus's written prevention policy, one per campus.
CREATE TABLE "nom035_policy" (
	"campus_id" integer PRIMARY KEY NOT NULL REFERENCES "campus"("id"),
	"text" text DEFAULT '' NOT NULL,
	"document_ref" text DEFAULT '' NOT NULL,
	"adopted_on" date,
	"made_known_on" date,
	"updated_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- 5.7 a) to f): what was made known to workers, how and when.
CREATE TABLE "nom035_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"campus_id" integer NOT NULL REFERENCES "campus"("id"),
	"item" text NOT NULL,
	"how" text NOT NULL,
	"given_on" date NOT NULL,
	"created_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nom035_notice_item_check" CHECK ("item" IN ('policy', 'violenceMeasures', 'controlMeasures', 'complaintChannel', 'results', 'healthEffects'))
);--> statement-breakpoint
CREATE INDEX "nom035_notice_campus_idx" ON "nom035_notice" ("campus_id", "given_on");
--> statement-breakpoint
-- 7.7: the report's fields the campus writes for one application (d and e come from the application and its scores).
CREATE TABLE "nom035_report" (
	"active_id" integer PRIMARY KEY NOT NULL REFERENCES "active"("id"),
	"workplace_name" text DEFAULT '' NOT NULL,
	"workplace_address" text DEFAULT '' NOT NULL,
	"workplace_activity" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"main_activities" text DEFAULT '' NOT NULL,
	"conclusions" text DEFAULT '' NOT NULL,
	"recommendations" text DEFAULT '' NOT NULL,
	"evaluator_name" text DEFAULT '' NOT NULL,
	"evaluator_cedula" text DEFAULT '' NOT NULL,
	"updated_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- 8.4: the action program of an application, each action answering a category or domain of the guide applied.
CREATE TABLE "nom035_action" (
	"id" serial PRIMARY KEY NOT NULL,
	"active_id" integer NOT NULL REFERENCES "active"("id"),
	"guide" text NOT NULL,
	"scope" text NOT NULL,
	"scope_key" text DEFAULT '' NOT NULL,
	"area" text NOT NULL,
	"measure" text NOT NULL,
	"level" text NOT NULL,
	"due_on" date NOT NULL,
	"responsible" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"follow_up" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nom035_action_guide_check" CHECK ("guide" IN ('II', 'III')),
	CONSTRAINT "nom035_action_scope_check" CHECK ("scope" IN ('final', 'category', 'domain')),
	CONSTRAINT "nom035_action_level_check" CHECK ("level" IN ('organizational', 'group', 'individual')),
	CONSTRAINT "nom035_action_state_check" CHECK ("state" IN ('pending', 'inProgress', 'done'))
);--> statement-breakpoint
CREATE INDEX "nom035_action_active_idx" ON "nom035_action" ("active_id");
--> statement-breakpoint
-- 8.4 d): dated progress notes of an action.
CREATE TABLE "nom035_action_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL REFERENCES "nom035_action"("id"),
	"note" text NOT NULL,
	"noted_on" date NOT NULL,
	"created_by" integer REFERENCES "admin_user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "nom035_action_note_action_idx" ON "nom035_action_note" ("action_id");
