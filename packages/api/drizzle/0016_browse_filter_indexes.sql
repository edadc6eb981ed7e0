-- Browse's narrow filters find their members by index (profiles/profile-browse.ts): a region,
-- a town (compared in lower case, which the old (site, city) index could not serve) and a
-- username's first letters (a prefix LIKE needs pattern order in any collation).
DROP INDEX "users_site_city_idx";--> statement-breakpoint
CREATE INDEX "users_browse_region_idx" ON "users" USING btree ("site_id","region") WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_browse_city_idx" ON "users" USING btree ("site_id",lower("city")) WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_browse_username_idx" ON "users" USING btree ("site_id",lower("username") text_pattern_ops) WHERE "users"."deactivated_at" is null;