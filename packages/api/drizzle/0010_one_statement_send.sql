-- Every change of a member's balance gets the next number of their credits_version, so a cached
-- sign-in can tell an older balance from a newer one exactly (src/auth/member-cache.ts): changes
-- of one member's balance are serialised by the lock on their row, so the numbers follow commit
-- order. The change notice carries it, '<id>:credits:<balance>:<version>', and send_message
-- answers it with the balance a send left.
ALTER TABLE "users" ADD COLUMN "credits_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "count_credits_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.credits IS DISTINCT FROM OLD.credits THEN
    NEW.credits_version := OLD.credits_version + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_credits_version" BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "count_credits_version"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE'
      AND to_jsonb(OLD) - 'credits' - 'credits_version' = to_jsonb(NEW) - 'credits' - 'credits_version' THEN
      PERFORM pg_notify('member_changed',
        OLD.id::text || ':credits:' || NEW.credits::text || ':' || NEW.credits_version::text);
    ELSE
      PERFORM pg_notify('member_changed', OLD.id::text);
    END IF;
  ELSE
    PERFORM pg_notify('member_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The badge counters a notification carries, counted as /me counts them (src/members/
-- member-counters.ts): one definition for the notification writer's insert and for send_message.
CREATE FUNCTION "notification_counts"(p_member integer)
RETURNS TABLE (unread_messages bigint, new_visitors bigint, unread_favorites bigint)
LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT count(*) FROM messages m WHERE m.to_id = p_member AND m.read_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_member AND b.blocked_id = m.from_id)
         OR (b.blocker_id = m.from_id AND b.blocked_id = p_member))),
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
$$;--> statement-breakpoint
DROP FUNCTION "send_message"(integer, integer, integer, uuid, text, text, jsonb, integer, text, integer, integer);--> statement-breakpoint
-- As 0009's, and the recipient's notification is stored in the same round trip and transaction
-- (src/messaging/store-message.ts): `p_notification` is its data without the timestamp, which is
-- the message's own time as JavaScript's toISOString writes it; nothing is stored when the
-- recipient muted the sender. A created send answers the stored notification and the recipient's
-- badge counters with it, and every answer carries the sender's credits_version with their
-- balance. The notification was a round trip of its own after every send (issue 16).
CREATE FUNCTION "send_message"(
  p_conversation integer, p_from integer, p_to integer, p_client_msg_id uuid, p_type text,
  p_body text, p_image jsonb, p_price integer,
  p_flood_key text, p_flood_max integer, p_flood_window integer, p_notification jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m messages;
  n user_notifications;
  v_credits integer;
  v_version integer;
  v_attempts integer;
  v_reset timestamptz;
  v_counts jsonb;
BEGIN
  PERFORM 1 FROM conversations WHERE id = p_conversation FOR UPDATE;
  SELECT * INTO m FROM messages WHERE from_id = p_from AND client_msg_id = p_client_msg_id;
  IF FOUND THEN
    SELECT credits, credits_version INTO v_credits, v_version FROM users WHERE id = p_from;
    RETURN jsonb_build_object('outcome', 'repeat', 'message', to_jsonb(m), 'credits', v_credits,
      'credits_version', v_version);
  END IF;
  INSERT INTO login_throttles (key, attempts, reset_at)
    VALUES (p_flood_key, 1, now() + make_interval(secs => p_flood_window))
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN login_throttles.reset_at <= now() THEN 1 ELSE login_throttles.attempts + 1 END,
      reset_at = CASE WHEN login_throttles.reset_at <= now()
        THEN now() + make_interval(secs => p_flood_window) ELSE login_throttles.reset_at END
    RETURNING attempts, reset_at INTO v_attempts, v_reset;
  IF v_attempts > p_flood_max THEN
    RETURN jsonb_build_object('outcome', 'flood',
      'retry_after', greatest(1, ceil(extract(epoch FROM (v_reset - now()))))::integer);
  END IF;
  IF p_price > 0 THEN
    UPDATE users SET credits = credits - p_price WHERE id = p_from AND credits >= p_price
      RETURNING credits, credits_version INTO v_credits, v_version;
    IF NOT FOUND THEN
      UPDATE login_throttles SET attempts = greatest(attempts - 1, 0) WHERE key = p_flood_key;
      RETURN jsonb_build_object('outcome', 'insufficient');
    END IF;
  ELSE
    SELECT credits, credits_version INTO v_credits, v_version FROM users WHERE id = p_from;
  END IF;
  INSERT INTO messages (client_msg_id, conversation_id, from_id, to_id, type, body, image, price)
    VALUES (p_client_msg_id, p_conversation, p_from, p_to, p_type, p_body, p_image, p_price)
    RETURNING * INTO m;
  IF p_price > 0 THEN
    INSERT INTO credit_ledger (user_id, delta, balance_after, reason, reference)
      VALUES (p_from, -p_price, v_credits, 'message', 'message:' || m.id);
  END IF;
  UPDATE conversations SET last_message_id = m.id, updated_at = m.created_at WHERE id = p_conversation;
  IF p_notification IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM notification_mutes WHERE user_id = p_to AND muted_user_id = p_from
  ) THEN
    INSERT INTO user_notifications (user_id, from_user_id, action_type, data)
      VALUES (p_to, p_from, p_notification->>'action_type', p_notification || jsonb_build_object(
        'timestamp', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      RETURNING * INTO n;
    SELECT to_jsonb(c) INTO v_counts FROM notification_counts(p_to) c;
    RETURN jsonb_build_object('outcome', 'created', 'message', to_jsonb(m), 'credits', v_credits,
      'credits_version', v_version, 'notification', to_jsonb(n), 'counts', v_counts);
  END IF;
  RETURN jsonb_build_object('outcome', 'created', 'message', to_jsonb(m), 'credits', v_credits,
    'credits_version', v_version);
END
$$;
