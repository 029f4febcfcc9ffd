-- A message is quarantined once, however often JetStream delivers it: a redelivery (an ack lost,
-- or a message that waited in ingest's queue beyond the ack wait) no longer adds a second row.
-- A message is known by its stream sequence, subject and bytes (the sequence alone could repeat
-- after a stream is recreated). Rows without a sequence (none are written today) stay as they are.
delete from ingest_quarantine a
 using ingest_quarantine b
 where a.stream_sequence = b.stream_sequence
   and a.subject = b.subject
   and md5(a.raw) = md5(b.raw)
   and a.id > b.id;

create unique index ingest_quarantine_message_key
    on ingest_quarantine (stream_sequence, subject, md5(raw))
    where stream_sequence is not null;
