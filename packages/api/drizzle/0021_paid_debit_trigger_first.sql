-- A paid send's debit (marked by `send_message` with `ukd.balance_announced`, 0019, on only for
-- that one UPDATE of the sender's credits) leaves the trigger before it builds both versions of
-- the member's row as JSON to compare them: the mark already says what changed and that the API
-- announces it. Building and comparing the two JSONs of a users row was about 5 % of a paid
-- send's time in the database (pgbench of `send_message`, 8 clients: 3,366–3,396 → 3,530–3,585
-- sends/s). Every other change is compared and announced as in 0020.
CREATE OR REPLACE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was jsonb;
  now_is jsonb;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE' THEN
      IF current_setting('ukd.balance_announced', true) = 'on' THEN
        RETURN NULL;
      END IF;
      was := to_jsonb(OLD);
      now_is := to_jsonb(NEW);
      IF was - 'last_active_at' = now_is - 'last_active_at' THEN
        RETURN NULL;
      END IF;
      IF was - 'credits' - 'credits_version' = now_is - 'credits' - 'credits_version' THEN
        PERFORM pg_notify('member_changed',
          OLD.id::text || ':credits:' || NEW.credits::text || ':' || NEW.credits_version::text);
        RETURN NULL;
      END IF;
    END IF;
    PERFORM pg_notify('member_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('member_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
