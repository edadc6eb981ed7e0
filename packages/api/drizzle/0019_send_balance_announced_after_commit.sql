-- A paid send's debit no longer announces the sender's balance from inside the send's
-- transaction. A transaction that has sent a NOTIFY holds PostgreSQL's one lock on the notify
-- queue from its commit until the commit is on disk, so every paid send waited for every other
-- one's disk flush in turn: under load, sends queued on that lock ("Lock: object" in
-- pg_stat_activity) and pgbench of the send statement, 16 clients on 200 conversations, did
-- 1,031-1,156 a second with the notice against 1,368-1,613 without (issue 16). send_message marks
-- its debit ('ukd.balance_announced', for this transaction only) and the trigger leaves such a
-- balance-only change unannounced; the API announces the balance after the commit, in a
-- statement that commits without waiting for the disk (src/auth/member-cache.ts). Every other
-- change of a member (a purchase, an operator's SQL) is announced by the trigger as before.
CREATE OR REPLACE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE'
      AND to_jsonb(OLD) - 'credits' - 'credits_version' = to_jsonb(NEW) - 'credits' - 'credits_version' THEN
      IF current_setting('ukd.balance_announced', true) = 'on' THEN
        RETURN NULL;
      END IF;
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
CREATE OR REPLACE FUNCTION "send_message"(
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
    -- The API announces the balance this leaves once the send has committed: see above.
    PERFORM set_config('ukd.balance_announced', 'on', true);
    UPDATE users SET credits = credits - p_price WHERE id = p_from AND credits >= p_price
      RETURNING credits, credits_version INTO v_credits, v_version;
    IF NOT FOUND THEN
      UPDATE login_throttles SET attempts = greatest(attempts - 1, 0) WHERE key = p_flood_key;
      RETURN jsonb_build_object('outcome', 'insufficient');
    END IF;
    PERFORM set_config('ukd.balance_announced', 'off', true);
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
