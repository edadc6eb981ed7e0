-- A change of a member's credits alone (every paid send) no longer drops their cached sign-in
-- (src/auth/member-cache.ts): it is announced with the new balance, '<id>:credits:<balance>',
-- and every API process updates its cached row in place. Any other change still says just the id.
CREATE OR REPLACE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE' AND to_jsonb(OLD) - 'credits' = to_jsonb(NEW) - 'credits' THEN
      PERFORM pg_notify('member_changed', OLD.id::text || ':credits:' || NEW.credits::text);
    ELSE
      PERFORM pg_notify('member_changed', OLD.id::text);
    END IF;
  ELSE
    PERFORM pg_notify('member_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION "send_message"(integer, integer, integer, uuid, text, text, jsonb, integer);--> statement-breakpoint
-- A send in ONE round trip (src/messaging/store-message.ts): lock the conversation (ids within it
-- increase in commit order; concurrent retries queue here), answer the original for a repeated
-- client id, take the sender's place in the flood limit (the rate limiter's fixed window in
-- login_throttles, src/http/rate-limiter.ts; over it: nothing stored, 'flood' with the seconds
-- left), debit the price with its ledger entry (refused: nothing stored and the flood place given
-- back), insert, move the conversation. The ledger rule (balance and entry change together, never
-- below zero) is the one appendCredits applies elsewhere.
CREATE FUNCTION "send_message"(
  p_conversation integer, p_from integer, p_to integer, p_client_msg_id uuid, p_type text,
  p_body text, p_image jsonb, p_price integer,
  p_flood_key text, p_flood_max integer, p_flood_window integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m messages;
  v_credits integer;
  v_attempts integer;
  v_reset timestamptz;
BEGIN
  PERFORM 1 FROM conversations WHERE id = p_conversation FOR UPDATE;
  SELECT * INTO m FROM messages WHERE from_id = p_from AND client_msg_id = p_client_msg_id;
  IF FOUND THEN
    SELECT credits INTO v_credits FROM users WHERE id = p_from;
    RETURN jsonb_build_object('outcome', 'repeat', 'message', to_jsonb(m), 'credits', v_credits);
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
      RETURNING credits INTO v_credits;
    IF NOT FOUND THEN
      UPDATE login_throttles SET attempts = greatest(attempts - 1, 0) WHERE key = p_flood_key;
      RETURN jsonb_build_object('outcome', 'insufficient');
    END IF;
  ELSE
    SELECT credits INTO v_credits FROM users WHERE id = p_from;
  END IF;
  INSERT INTO messages (client_msg_id, conversation_id, from_id, to_id, type, body, image, price)
    VALUES (p_client_msg_id, p_conversation, p_from, p_to, p_type, p_body, p_image, p_price)
    RETURNING * INTO m;
  IF p_price > 0 THEN
    INSERT INTO credit_ledger (user_id, delta, balance_after, reason, reference)
      VALUES (p_from, -p_price, v_credits, 'message', 'message:' || m.id);
  END IF;
  UPDATE conversations SET last_message_id = m.id, updated_at = m.created_at WHERE id = p_conversation;
  RETURN jsonb_build_object('outcome', 'created', 'message', to_jsonb(m), 'credits', v_credits);
END
$$;
