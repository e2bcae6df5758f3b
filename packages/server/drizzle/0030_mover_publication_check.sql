-- The mover publishes a batch in one statement (features/responses/mover.ts): it takes the mover's
-- lock, deletes the held rows it read before and publishes and folds them. This check ends that
-- statement, and so undoes all of it, unless the lock was taken and every row read was still held:
-- otherwise another mover is at work or took some of them, and nothing may be published twice.
CREATE FUNCTION "held_responses_taken"("locked" boolean, "expected" integer, "taken" integer) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT "locked" OR "taken" <> "expected" THEN
    RAISE EXCEPTION 'another mover is publishing these held responses (lock taken: %, % of % still held)', "locked", "taken", "expected"
      USING ERRCODE = 'EM001';
  END IF;
  RETURN true;
END;
$$;
