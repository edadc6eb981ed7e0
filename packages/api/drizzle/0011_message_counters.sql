CREATE TABLE "member_message_counts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "messages_unread_idx";--> statement-breakpoint
ALTER TABLE "member_message_counts" ADD CONSTRAINT "member_message_counts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("to_id","conversation_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
-- Each member's message counters (src/db/messaging-schema.ts, memberMessageCounts), kept by the
-- triggers below in the same transaction as every change they count: messages received, and
-- those not yet read, from members not blocked either way (the rule /me and the badges always
-- had). Counting the messages instead grew with every unread one: a member with 500 unread made
-- every message to them, and every /me of theirs, read 500 rows (issue 16).
--
-- Each trigger locks the counter rows it changes BEFORE it looks at blocks, in a statement of
-- its own: in READ COMMITTED every later statement sees what committed before the lock was
-- granted, so a send, a read or a deletion racing a block of the same two members never counts a
-- message the block's recount left out (nor the other way round).
-- A block either way between two members (src/profiles/visibility.ts, notBlocked, in SQL), for
-- the triggers' rows: one message sent, those one read marked. PostgreSQL does not inline a
-- function holding a subquery, so it runs as a call per row: the counts over all of a member's
-- messages (recount_member_messages, notification_counts) keep the rule inline.
CREATE FUNCTION "members_blocked"(p_a integer, p_b integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_a AND b.blocked_id = p_b)
    OR (b.blocker_id = p_b AND b.blocked_id = p_a))
$$;--> statement-breakpoint
CREATE FUNCTION "recount_member_messages"(p_member integer) RETURNS void LANGUAGE sql AS $$
  UPDATE member_message_counts c SET
    received = (SELECT count(*) FROM messages m WHERE m.to_id = p_member
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_member AND b.blocked_id = m.from_id)
        OR (b.blocker_id = m.from_id AND b.blocked_id = p_member))),
    unread = (SELECT count(*) FROM messages m WHERE m.to_id = p_member AND m.read_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_member AND b.blocked_id = m.from_id)
        OR (b.blocker_id = m.from_id AND b.blocked_id = p_member)))
  WHERE c.member_id = p_member
$$;--> statement-breakpoint
CREATE FUNCTION "count_member_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_message_counts (member_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_message_counts" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "count_member_created"();--> statement-breakpoint
CREATE FUNCTION "count_message_received"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM member_message_counts WHERE member_id = NEW.to_id FOR UPDATE;
  IF NOT members_blocked(NEW.from_id, NEW.to_id) THEN
    UPDATE member_message_counts SET received = received + 1,
      unread = unread + CASE WHEN NEW.read_at IS NULL THEN 1 ELSE 0 END
    WHERE member_id = NEW.to_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_count_received" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "count_message_received"();--> statement-breakpoint
CREATE FUNCTION "count_messages_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM member_message_counts
    WHERE member_id IN (SELECT n.to_id FROM changed_new n) ORDER BY member_id FOR UPDATE;
  UPDATE member_message_counts c SET unread = c.unread + d.delta
  FROM (SELECT n.to_id, sum(CASE WHEN n.read_at IS NULL THEN 1 ELSE -1 END) AS delta
        FROM changed_new n JOIN changed_old o ON o.id = n.id
        WHERE (n.read_at IS NULL) <> (o.read_at IS NULL) AND NOT members_blocked(n.from_id, n.to_id)
        GROUP BY n.to_id) d
  WHERE c.member_id = d.to_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_count_read" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "count_messages_read"();--> statement-breakpoint
-- A deletion counts its recipients afresh rather than subtracting: when a member's account goes,
-- their blocks and messages are removed by the same cascade and the triggers of both run after
-- it, in no order a subtraction could rely on.
CREATE FUNCTION "count_messages_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM member_message_counts
    WHERE member_id IN (SELECT g.to_id FROM gone g) ORDER BY member_id FOR UPDATE;
  PERFORM recount_member_messages(r.to_id) FROM (SELECT DISTINCT g.to_id FROM gone g) r;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_count_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "count_messages_deleted"();--> statement-breakpoint
-- A block hides the two members' messages from each other's counters, an unblock shows them
-- again: both members are counted afresh (blocks are rare; messages are not).
CREATE FUNCTION "count_block_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_a integer;
  v_b integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    v_a := OLD.blocker_id; v_b := OLD.blocked_id;
  ELSE
    v_a := NEW.blocker_id; v_b := NEW.blocked_id;
  END IF;
  PERFORM 1 FROM member_message_counts WHERE member_id IN (v_a, v_b) ORDER BY member_id FOR UPDATE;
  PERFORM recount_member_messages(v_a);
  PERFORM recount_member_messages(v_b);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blocks_message_counts" AFTER INSERT OR DELETE ON "blocks"
  FOR EACH ROW EXECUTE FUNCTION "count_block_changed"();--> statement-breakpoint
INSERT INTO "member_message_counts" ("member_id") SELECT "id" FROM "users";--> statement-breakpoint
SELECT recount_member_messages("member_id") FROM "member_message_counts";--> statement-breakpoint
-- As 0010's, with the unread messages read from the counters.
CREATE OR REPLACE FUNCTION "notification_counts"(p_member integer)
RETURNS TABLE (unread_messages bigint, new_visitors bigint, unread_favorites bigint)
LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT coalesce(sum(c.unread), 0)::bigint FROM member_message_counts c WHERE c.member_id = p_member),
    (SELECT count(*) FROM profile_visits v WHERE v.visited_id = p_member
       AND v.last_visited_at > coalesce(u.visitors_seen_at, 'epoch')
       AND EXISTS (SELECT 1 FROM users o WHERE o.id = v.visitor_id AND o.deactivated_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_member AND b.blocked_id = v.visitor_id)
         OR (b.blocker_id = v.visitor_id AND b.blocked_id = p_member))),
    (SELECT count(*) FROM member_interactions i WHERE i.target_id = p_member AND i.kind = 'favorite'
       AND i.created_at > coalesce(u.favorites_seen_at, 'epoch')
       AND EXISTS (SELECT 1 FROM users o WHERE o.id = i.user_id AND o.deactivated_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_member AND b.blocked_id = i.user_id)
         OR (b.blocker_id = i.user_id AND b.blocked_id = p_member)))
  FROM users u WHERE u.id = p_member
$$;
