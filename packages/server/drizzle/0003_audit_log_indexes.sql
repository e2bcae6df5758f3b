DROP INDEX "audit_log_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_id_idx" ON "audit_log" USING btree ("actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_id_idx" ON "audit_log" USING btree ("action","at","id");
