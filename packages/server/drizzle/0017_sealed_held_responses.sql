-- Held answers sealed (issue 17; docs/privacy.md, "A copy of the disk"): held_response keeps in clear only the
-- segments the mover groups anonymity sets by and its random id; answers, scores and the day go into "sealed"
-- (AES-256-GCM under HELD_ANSWERS_KEY, which SQL never sees). Rows an older version held in clear move aside to
-- held_response_unsealed: the start-up seals them into held_response and drops that table
-- (features/responses/held-start.ts), which takes its files, dead tuples included, off the disk. Empty, it goes here.
ALTER TABLE "held_response" RENAME TO "held_response_unsealed";--> statement-breakpoint
ALTER TABLE "held_response_unsealed" RENAME CONSTRAINT "held_response_pkey" TO "held_response_unsealed_pkey";--> statement-breakpoint
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
	"sealed" "bytea" NOT NULL
);
--> statement-breakpoint
-- A sealed blob (3 to 8 kB: padded to its questionnaire's largest answer set) goes out of line (TOAST) without a
-- try at compressing ciphertext, so held_response's own rows stay narrow and the mover's scans of it cheap.
ALTER TABLE "held_response" ALTER COLUMN "sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_active_id_active_id_fk" FOREIGN KEY ("active_id") REFERENCES "public"."active"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_response" ADD CONSTRAINT "held_response_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM "held_response_unsealed") THEN
    DROP TABLE "held_response_unsealed";
  END IF;
END $$;
