-- Searches ignore accents and case (docs/reports.md, "Search ignores accents and case"): both the searched
-- column and the user's words pass through search_fold (src/db/search.ts), the one place of that rule.
-- Decomposes (NFD), drops the combining marks (á→a, ñ→n, ü→u, also text stored already decomposed), lower-cases.
-- Core functions only: no extension, so it runs alike on PGlite and on any PostgreSQL 15.
CREATE FUNCTION "search_fold"("value" text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(normalize("value", NFD), '[\u0300-\u036f]', '', 'g'))
$$;
--> statement-breakpoint
DROP INDEX "response_text_search_idx";
--> statement-breakpoint
CREATE INDEX "response_text_search_idx" ON "response_text" USING gin (to_tsvector('spanish', search_fold("text")));
