-- Hand-written (issue 19): names set before they were bounded become what a name may be now, at
-- most 80 characters on one line without control characters; one left empty falls back to the
-- email's local part, as when staff are added without a name.
UPDATE "staff"
SET "name" = coalesce(nullif(left(btrim(regexp_replace("name", '[\x01-\x1f\x7f-\x9f]', ' ', 'g')), 80), ''), split_part("email", '@', 1))
WHERE length("name") > 80 OR "name" ~ '[\x01-\x1f\x7f-\x9f]' OR btrim("name") = '';
