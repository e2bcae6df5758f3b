CREATE TABLE "held_response" (
	"id" uuid PRIMARY KEY NOT NULL,
	"survey_kind" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"questionnaire_version" integer NOT NULL,
	"active_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"plan" text,
	"grupo" text,
	"teacher_id" integer,
	"class_id" integer,
	"submitted_on" date NOT NULL,
	"answers" jsonb NOT NULL,
	"scores" jsonb
);
--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_active_id_active_id_fk" FOREIGN KEY ("active_id") REFERENCES "public"."active"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion" DROP COLUMN "completed_on";--> statement-breakpoint
ALTER TABLE "nom035_referral" DROP COLUMN "referred_on";
