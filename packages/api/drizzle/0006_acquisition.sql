CREATE TABLE "affiliate_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"website" text NOT NULL,
	"channel" text NOT NULL,
	"message" text NOT NULL,
	"code" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "affiliate_applications_reference_unique" UNIQUE("reference"),
	CONSTRAINT "affiliate_applications_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "member_acquisition" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"s1" text DEFAULT 'empty' NOT NULL,
	"s2" text DEFAULT 'empty' NOT NULL,
	"s3" text DEFAULT 'empty' NOT NULL,
	"s4" text DEFAULT 'empty' NOT NULL,
	"s5" text DEFAULT 'empty' NOT NULL,
	"gclid" text,
	"tracking_id" text,
	"landing" integer DEFAULT 1 NOT NULL,
	"affiliate" text,
	"landing_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_acquisition" ADD CONSTRAINT "member_acquisition_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_acquisition" ADD CONSTRAINT "member_acquisition_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_applications_pending_email" ON "affiliate_applications" USING btree ("site_id","email") WHERE "affiliate_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_applications_status_idx" ON "affiliate_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "member_acquisition_site_created_idx" ON "member_acquisition" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "member_acquisition_affiliate_idx" ON "member_acquisition" USING btree ("site_id","affiliate");