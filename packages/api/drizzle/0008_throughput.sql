-- Members' cached sign-ins (src/auth/member-cache.ts) are dropped in every API process when the
-- member's row or one of their sessions changes, whoever changed it (any process, the CLI, SQL
-- by hand): the change is announced with NOTIFY, delivered on commit.
CREATE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('member_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('member_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_member_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_member_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_member_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_member_changed"();
--> statement-breakpoint
-- A send in ONE round trip (src/messaging/send-message.ts): lock the conversation (ids within it
-- increase in commit order; concurrent retries queue here), answer the original for a repeated
-- client id, debit the price with its ledger entry (refused: nothing stored), insert, move the
-- conversation. The ledger rule (balance and entry change together, never below zero) is the one
-- appendCredits applies elsewhere.
CREATE FUNCTION "send_message"(
  p_conversation integer, p_from integer, p_to integer, p_client_msg_id uuid, p_type text,
  p_body text, p_image jsonb, p_price integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  m messages;
  v_credits integer;
BEGIN
  PERFORM 1 FROM conversations WHERE id = p_conversation FOR UPDATE;
  SELECT * INTO m FROM messages WHERE from_id = p_from AND client_msg_id = p_client_msg_id;
  IF FOUND THEN
    SELECT credits INTO v_credits FROM users WHERE id = p_from;
    RETURN jsonb_build_object('outcome', 'repeat', 'message', to_jsonb(m), 'credits', v_credits);
  END IF;
  IF p_price > 0 THEN
    UPDATE users SET credits = credits - p_price WHERE id = p_from AND credits >= p_price
      RETURNING credits INTO v_credits;
    IF NOT FOUND THEN
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
