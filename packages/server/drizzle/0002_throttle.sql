CREATE TABLE "throttle" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"forget_at" timestamp with time zone NOT NULL,
	CONSTRAINT "throttle_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE INDEX "throttle_forget_at_idx" ON "throttle" USING btree ("forget_at");--> statement-breakpoint
ALTER TABLE "respondent_login_code" ADD COLUMN "other_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "respondent_login_code" ADD COLUMN "requester_address_hash" text;
