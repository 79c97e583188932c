-- Deletion requests made before the `deletion_requests` table existed were one `deletion_requested`
-- line in the subscriber's history: each becomes an open request, so none is lost (ADR 029).
-- The deadline is the last millisecond of the 15th São Paulo calendar day after the request; São Paulo
-- has kept UTC-3 all year since 2019 (10800000 ms), the same arithmetic as migration 0013.
INSERT OR IGNORE INTO `deletion_requests` (id, subscriber_id, user_id, status, reason, requested_at, due_at, created_at)
SELECT a.id, a.subscriber_id, s.user_id, 'open', a.reason, a.created_at,
       ((a.created_at - 10800000) / 86400000) * 86400000 + 10800000 + 16 * 86400000 - 1,
       a.created_at
FROM `subscriber_activity` a
JOIN `subscribers` s ON s.id = a.subscriber_id
WHERE a.event = 'deletion_requested'
ORDER BY a.created_at;
