-- Trigram matching for ILIKE '%…%' search (GIN indexes in the next migration). PostgreSQL ships it
-- in contrib; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (openDatabase does).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
