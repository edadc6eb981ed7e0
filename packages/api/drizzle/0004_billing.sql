CREATE TABLE "credit_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"client_key" text NOT NULL,
	"package_id" text NOT NULL,
	"kind" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_code" text,
	"provider_txn_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "credit_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "credit_orders_amount_positive" CHECK ("credit_orders"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"txn_id" text NOT NULL,
	"typ" text NOT NULL,
	"order_id" integer NOT NULL,
	"result" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_memberships" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_orders" ADD CONSTRAINT "credit_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_credit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."credit_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_orders_client_key_unique" ON "credit_orders" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "credit_orders_user_idx" ON "credit_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_txn_unique" ON "payment_notifications" USING btree ("provider","txn_id","typ");