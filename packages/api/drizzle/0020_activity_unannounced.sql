-- Recording that a member is active (`last_active_at`, written at most once a minute per member,
-- src/http/member-auth.ts) no longer announces a change of the member. The notice made every
-- API process drop that member's cached sign-ins once a minute while they were active, and a
-- transaction that has sent a NOTIFY holds PostgreSQL's one notify-queue lock until its commit
-- is on disk (see 0019): with thousands of members active, those writes queued on the lock with
-- every other announced change. The process that writes the time sets it in its own cached rows;
-- the others show a time at most their cache's life (5 s) older, and the write itself is skipped
-- when another process recorded the member's activity within the minute. Each row's JSON is now
-- built once per change, not once per comparison.
CREATE OR REPLACE FUNCTION "notify_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was jsonb;
  now_is jsonb;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE' THEN
      was := to_jsonb(OLD);
      now_is := to_jsonb(NEW);
      IF was - 'last_active_at' = now_is - 'last_active_at' THEN
        RETURN NULL;
      END IF;
      IF was - 'credits' - 'credits_version' = now_is - 'credits' - 'credits_version' THEN
        IF current_setting('ukd.balance_announced', true) = 'on' THEN
          RETURN NULL;
        END IF;
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
