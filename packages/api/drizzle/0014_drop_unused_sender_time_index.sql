-- No query reads messages by sender and time (sends are found by (from_id, client_msg_id), lists
-- and threads by conversation, unread ones by recipient): the index cost every send an insert.
DROP INDEX "messages_sender_time_idx";
