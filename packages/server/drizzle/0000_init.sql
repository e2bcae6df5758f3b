CREATE TABLE "active_ciclo" (
	"active_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	CONSTRAINT "active_ciclo_active_id_ciclo_id_pk" PRIMARY KEY("active_id","ciclo_id")
);
--> statement-breakpoint
CREATE TABLE "active" (
	"id" serial PRIMARY KEY NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"start_active" date NOT NULL,
	"end_active" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "active_dates_check" CHECK ("active"."end_active" >= "active"."start_active")
);
--> statement-breakpoint
CREATE TABLE "admin_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"maternal_sur_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"avalible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campus" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nom035_guide" text DEFAULT 'auto' NOT NULL,
	"suggestion_box_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campus_nom035_guide_check" CHECK ("campus"."nom035_guide" in ('auto', 'II', 'III'))
);
--> statement-breakpoint
CREATE TABLE "catalog_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"campus_id" integer NOT NULL,
	"periodo_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"plan" text NOT NULL,
	"grupo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'default' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "completion" (
	"respondent_type" text NOT NULL,
	"respondent_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	"subject_key" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"completed_on" date NOT NULL,
	CONSTRAINT "completion_respondent_type_respondent_id_active_id_ciclo_id_subject_key_pk" PRIMARY KEY("respondent_type","respondent_id","active_id","ciclo_id","subject_key")
);
--> statement-breakpoint
CREATE TABLE "ciclo" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"survey_kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolment" (
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "enrolment_class_id_student_id_pk" PRIMARY KEY("class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_intake_target" (
	"periodo_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "new_intake_target_periodo_id_student_id_pk" PRIMARY KEY("periodo_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "nom035_referral" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"active_id" integer NOT NULL,
	"referred_on" date NOT NULL,
	"attended_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_fin" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periodo_dates_check" CHECK ("periodo"."fecha_fin" >= "periodo"."fecha_inicio")
);
--> statement-breakpoint
CREATE TABLE "permission_group_permission" (
	"group_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "permission_group_permission_group_id_permission_id_pk" PRIMARY KEY("group_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permission_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "respondent_login_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"respondent_type" text,
	"respondent_id" integer,
	"code_hash" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response" (
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
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_subject_type_check" CHECK ("session"."subject_type" in ('admin', 'student', 'teacher', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"pc_id" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"maternal_sur_name" text DEFAULT '' NOT NULL,
	"email" text,
	"campus_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" text NOT NULL,
	"puesto" text DEFAULT '' NOT NULL,
	CONSTRAINT "staff_pc_id_check" CHECK ("staff"."pc_id" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "student" (
	"id" serial PRIMARY KEY NOT NULL,
	"pc_id" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"maternal_sur_name" text DEFAULT '' NOT NULL,
	"email" text,
	"campus_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"plan" text NOT NULL,
	"grupo" text NOT NULL,
	"sesion" text NOT NULL,
	"year" smallint NOT NULL,
	"periodo_id" integer,
	"new_intake" boolean DEFAULT false NOT NULL,
	CONSTRAINT "student_pc_id_check" CHECK ("student"."pc_id" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "suggestion_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	CONSTRAINT "suggestion_category_scope_check" CHECK ("suggestion_category"."scope" in ('general', 'person'))
);
--> statement-breakpoint
CREATE TABLE "suggestion_resolution" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'default' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestion" (
	"id" serial PRIMARY KEY NOT NULL,
	"campus_id" integer NOT NULL,
	"comment" text NOT NULL,
	"comment_category_id" integer NOT NULL,
	"suggestion_category_id" integer,
	"suggestion_resolution_id" integer,
	"contact_phone" text,
	"contact_email" text,
	"contact_consent" boolean DEFAULT false NOT NULL,
	"legal_consent" boolean NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"is_contacted" boolean DEFAULT false NOT NULL,
	"created_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_legal_consent_check" CHECK ("suggestion"."legal_consent")
);
--> statement-breakpoint
CREATE TABLE "teacher" (
	"id" serial PRIMARY KEY NOT NULL,
	"pc_id" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"maternal_sur_name" text DEFAULT '' NOT NULL,
	"email" text,
	"campus_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_pc_id_check" CHECK ("teacher"."pc_id" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "user_campus_grant" (
	"user_id" integer NOT NULL,
	"campus_id" integer NOT NULL,
	CONSTRAINT "user_campus_grant_user_id_campus_id_pk" PRIMARY KEY("user_id","campus_id")
);
--> statement-breakpoint
CREATE TABLE "user_cycle_grant" (
	"user_id" integer NOT NULL,
	"ciclo_id" integer NOT NULL,
	CONSTRAINT "user_cycle_grant_user_id_ciclo_id_pk" PRIMARY KEY("user_id","ciclo_id")
);
--> statement-breakpoint
CREATE TABLE "user_permission_group" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_permission_group_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_permission" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_permission_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "active_ciclo" ADD CONSTRAINT "active_ciclo_active_id_active_id_fk" FOREIGN KEY ("active_id") REFERENCES "public"."active"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_ciclo" ADD CONSTRAINT "active_ciclo_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active" ADD CONSTRAINT "active_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active" ADD CONSTRAINT "active_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active" ADD CONSTRAINT "active_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_admin_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class" ADD CONSTRAINT "class_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion" ADD CONSTRAINT "completion_active_id_active_id_fk" FOREIGN KEY ("active_id") REFERENCES "public"."active"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completion" ADD CONSTRAINT "completion_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_intake_target" ADD CONSTRAINT "new_intake_target_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_intake_target" ADD CONSTRAINT "new_intake_target_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nom035_referral" ADD CONSTRAINT "nom035_referral_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nom035_referral" ADD CONSTRAINT "nom035_referral_active_id_active_id_fk" FOREIGN KEY ("active_id") REFERENCES "public"."active"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_group_permission" ADD CONSTRAINT "permission_group_permission_group_id_permission_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."permission_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_group_permission" ADD CONSTRAINT "permission_group_permission_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response" ADD CONSTRAINT "response_active_id_active_id_fk" FOREIGN KEY ("active_id") REFERENCES "public"."active"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response" ADD CONSTRAINT "response_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response" ADD CONSTRAINT "response_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response" ADD CONSTRAINT "response_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response" ADD CONSTRAINT "response_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response" ADD CONSTRAINT "response_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_periodo_id_periodo_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."periodo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion" ADD CONSTRAINT "suggestion_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion" ADD CONSTRAINT "suggestion_comment_category_id_comment_category_id_fk" FOREIGN KEY ("comment_category_id") REFERENCES "public"."comment_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion" ADD CONSTRAINT "suggestion_suggestion_category_id_suggestion_category_id_fk" FOREIGN KEY ("suggestion_category_id") REFERENCES "public"."suggestion_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion" ADD CONSTRAINT "suggestion_suggestion_resolution_id_suggestion_resolution_id_fk" FOREIGN KEY ("suggestion_resolution_id") REFERENCES "public"."suggestion_resolution"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher" ADD CONSTRAINT "teacher_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campus_grant" ADD CONSTRAINT "user_campus_grant_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campus_grant" ADD CONSTRAINT "user_campus_grant_campus_id_campus_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cycle_grant" ADD CONSTRAINT "user_cycle_grant_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cycle_grant" ADD CONSTRAINT "user_cycle_grant_ciclo_id_ciclo_id_fk" FOREIGN KEY ("ciclo_id") REFERENCES "public"."ciclo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_group" ADD CONSTRAINT "user_permission_group_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_group" ADD CONSTRAINT "user_permission_group_group_id_permission_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."permission_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission" ADD CONSTRAINT "user_permission_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission" ADD CONSTRAINT "user_permission_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_ciclo_ciclo_idx" ON "active_ciclo" USING btree ("ciclo_id");--> statement-breakpoint
CREATE INDEX "active_campus_periodo_idx" ON "active" USING btree ("campus_id","periodo_id");--> statement-breakpoint
CREATE INDEX "active_window_idx" ON "active" USING btree ("start_active","end_active");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_user_email_key" ON "admin_user" USING btree ("email");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "campus_nombre_key" ON "campus" USING btree ("nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_item_catalog_name_key" ON "catalog_item" USING btree ("catalog","name");--> statement-breakpoint
CREATE UNIQUE INDEX "class_code_periodo_key" ON "class" USING btree ("code","periodo_id","campus_id");--> statement-breakpoint
CREATE INDEX "class_teacher_idx" ON "class" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_category_name_key" ON "comment_category" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "completion_idempotency_key" ON "completion" USING btree ("respondent_type","respondent_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "completion_active_cycle_idx" ON "completion" USING btree ("active_id","ciclo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ciclo_name_key" ON "ciclo" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ciclo_survey_kind_key" ON "ciclo" USING btree ("survey_kind");--> statement-breakpoint
CREATE INDEX "enrolment_student_idx" ON "enrolment" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nom035_referral_staff_active_key" ON "nom035_referral" USING btree ("staff_id","active_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_token_hash_key" ON "password_reset_token" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "periodo_nombre_key" ON "periodo" USING btree ("nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_group_name_key" ON "permission_group" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_name_key" ON "permission" USING btree ("name");--> statement-breakpoint
CREATE INDEX "respondent_login_code_identifier_idx" ON "respondent_login_code" USING btree ("identifier","created_at");--> statement-breakpoint
CREATE INDEX "response_cycle_active_idx" ON "response" USING btree ("ciclo_id","active_id");--> statement-breakpoint
CREATE INDEX "response_campus_periodo_idx" ON "response" USING btree ("campus_id","periodo_id","survey_kind");--> statement-breakpoint
CREATE INDEX "response_teacher_idx" ON "response" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "session_subject_idx" ON "session" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_pc_id_key" ON "staff" USING btree ("pc_id");--> statement-breakpoint
CREATE INDEX "staff_email_idx" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_campus_idx" ON "staff" USING btree ("campus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_pc_id_key" ON "student" USING btree ("pc_id");--> statement-breakpoint
CREATE INDEX "student_email_idx" ON "student" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "student_campus_idx" ON "student" USING btree ("campus_id","plan","grupo");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_category_scope_name_key" ON "suggestion_category" USING btree ("scope","name");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_resolution_name_key" ON "suggestion_resolution" USING btree ("name");--> statement-breakpoint
CREATE INDEX "suggestion_campus_idx" ON "suggestion" USING btree ("campus_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_pc_id_key" ON "teacher" USING btree ("pc_id");--> statement-breakpoint
CREATE INDEX "teacher_email_idx" ON "teacher" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "teacher_campus_idx" ON "teacher" USING btree ("campus_id");