-- Browse reads members newest first or recently active first (profiles/profile-browse.ts): with
-- these indexes a page walks the first entries in order instead of sorting every member of the
-- site. The plain (site, last active) index served no query and was rewritten once a minute per
-- active member.
DROP INDEX "users_site_active_idx";--> statement-breakpoint
CREATE INDEX "users_browse_newest_idx" ON "users" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_browse_active_idx" ON "users" USING btree ("site_id","last_active_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "users"."deactivated_at" is null;