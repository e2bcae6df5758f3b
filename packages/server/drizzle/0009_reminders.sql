CREATE TABLE "reminder_job" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by" integer,
	"ciclo_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"filter" jsonb NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"already_reminded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reminder_job_status_check" CHECK ("reminder_job"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "reminder_send" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"sent_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_job" ADD CONSTRAINT "reminder_job_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_job" ADD CONSTRAINT "reminder_job_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_job" ADD CONSTRAINT "reminder_job_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_send_sent_on_idx" ON "reminder_send" USING btree ("sent_on");
