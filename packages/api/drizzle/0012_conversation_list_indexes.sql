DROP INDEX "conversations_initiator_idx";--> statement-breakpoint
DROP INDEX "conversations_recipient_idx";--> statement-breakpoint
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("id") WHERE "users"."deactivated_at" is not null;--> statement-breakpoint
CREATE INDEX "conversations_initiator_list_idx" ON "conversations" USING btree ("initiator_id","initiator_star","updated_at","id");--> statement-breakpoint
CREATE INDEX "conversations_recipient_list_idx" ON "conversations" USING btree ("recipient_id","recipient_star","updated_at","id");