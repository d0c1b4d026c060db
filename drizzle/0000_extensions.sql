-- Custom SQL migration file, put your code below! --
-- pg_trgm backs the trigram list search indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
