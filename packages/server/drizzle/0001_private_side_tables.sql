-- Suggestions get a random id (audit entries follow it) and lose the update time; sessions lose their creation time.
ALTER TABLE "suggestion" ADD COLUMN "uuid_id" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" SET "entity_id" = "suggestion"."uuid_id"::text FROM "suggestion" WHERE "audit_log"."entity" = 'suggestion' AND "audit_log"."entity_id" = "suggestion"."id"::text;
--> statement-breakpoint
ALTER TABLE "suggestion" DROP CONSTRAINT "suggestion_pkey";
--> statement-breakpoint
ALTER TABLE "suggestion" DROP COLUMN "id";
--> statement-breakpoint
ALTER TABLE "suggestion" RENAME COLUMN "uuid_id" TO "id";
--> statement-breakpoint
ALTER TABLE "suggestion" ADD CONSTRAINT "suggestion_pkey" PRIMARY KEY("id");
--> statement-breakpoint
ALTER TABLE "suggestion" DROP COLUMN "updated_at";
--> statement-breakpoint
ALTER TABLE "session" DROP COLUMN "created_at";
