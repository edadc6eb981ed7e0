-- notification_counts (0013) left out deactivated members as "not among all the deactivated
-- members", a set every call read whole. Deactivated accounts pile up as members leave: with
-- 5,000 of them each call read 5,000 ids twice, and it runs on every message, wink and visit a
-- member receives and on every `/me`. Restated as src/profiles/visibility.ts asks it
-- (`notDeactivated`): "no deactivated member has this id", an anti-join PostgreSQL answers with a
-- probe per row into the partial index of deactivated members when the rows are few, or one
-- hashed pass when they are many. Same answers.
CREATE OR REPLACE FUNCTION "notification_counts"(p_member integer)
RETURNS TABLE (unread_messages bigint, new_visitors bigint, unread_favorites bigint)
LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT coalesce(sum(c.unread), 0)::bigint FROM member_message_counts c WHERE c.member_id = p_member),
    (SELECT count(*) FROM profile_visits v WHERE v.visited_id = p_member
       AND v.last_visited_at > coalesce(u.visitors_seen_at, 'epoch')
       AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id = v.visitor_id AND o.deactivated_at IS NOT NULL)
       AND v.visitor_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = p_member
                                UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = p_member)),
    (SELECT count(*) FROM member_interactions i WHERE i.target_id = p_member AND i.kind = 'favorite'
       AND i.created_at > coalesce(u.favorites_seen_at, 'epoch')
       AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id = i.user_id AND o.deactivated_at IS NOT NULL)
       AND i.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = p_member
                             UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = p_member))
  FROM users u WHERE u.id = p_member
$$;
