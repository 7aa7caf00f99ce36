-- The markup and the offer's language a clerk keeps as defaults for client offers (issue 67),
-- once a cookie of one browser: now the clerk's on every device.

CREATE TABLE clerk_offer_defaults (
  agency_id integer NOT NULL,
  -- The user name as every record keyed by it has it: trimmed, lower case (`userKeyOf`).
  user_key text NOT NULL,
  markup_kind text NOT NULL CHECK (markup_kind IN ('percent', 'amount')),
  markup numeric NOT NULL CHECK (markup >= 0),
  offer_language text NOT NULL CHECK (offer_language IN ('en', 'fa', 'both')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, user_key)
);
