CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"initiator_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"pair_low" integer NOT NULL,
	"pair_high" integer NOT NULL,
	"initiator_star" boolean DEFAULT false NOT NULL,
	"recipient_star" boolean DEFAULT false NOT NULL,
	"initiator_deleted_upto" bigint,
	"recipient_deleted_upto" bigint,
	"last_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "conversations_two_members" CHECK ("conversations"."initiator_id" <> "conversations"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"provider" text,
	"txn_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_msg_id" uuid NOT NULL,
	"conversation_id" integer NOT NULL,
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"type" text NOT NULL,
	"body" text,
	"image" jsonb,
	"price" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_unique" ON "conversations" USING btree ("pair_low","pair_high");--> statement-breakpoint
CREATE INDEX "conversations_initiator_idx" ON "conversations" USING btree ("initiator_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_recipient_idx" ON "conversations" USING btree ("recipient_id","updated_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_provider_txn_unique" ON "credit_ledger" USING btree ("provider","txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_msg_unique" ON "messages" USING btree ("from_id","client_msg_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("to_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_sender_time_idx" ON "messages" USING btree ("from_id","created_at");--> statement-breakpoint
-- The ledger is append-only: an entry is never changed (corrections are new entries).
CREATE FUNCTION "credit_ledger_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_append_only" BEFORE UPDATE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "credit_ledger_refuse_update"();--> statement-breakpoint
-- Balances held before the ledger existed become its opening entries.
INSERT INTO "credit_ledger" ("user_id", "delta", "balance_after", "reason")
SELECT "id", "credits", "credits", 'opening_balance' FROM "users" WHERE "credits" <> 0;
