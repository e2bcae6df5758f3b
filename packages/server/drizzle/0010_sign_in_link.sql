ALTER TABLE "respondent_login_code" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "respondent_login_code" ADD COLUMN "keep_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "respondent_login_code_link_token_hash_idx" ON "respondent_login_code" USING btree ("link_token_hash");
