-- The institution's and the platform's names, edited in the back office (issue 18). Absent: the environment's
-- INSTITUTION_NAME and PLATFORM_NAME, which are only the initial defaults.
CREATE TABLE "setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
