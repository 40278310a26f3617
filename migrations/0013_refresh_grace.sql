-- A refresh token presented again within a short grace window after its rotation gets the same
-- successor pair (two requests of one app that both met a 401 may both refresh). The pair is
-- derived from the presented token and this random seed (docs/ARCHITECTURE.md, "The API"): the
-- database alone cannot make it, only the holder of the spent token can, and only in the window.
ALTER TABLE oauth_tokens ADD COLUMN successor_seed bytea CHECK (successor_seed IS NULL OR length(successor_seed) = 32);
