-- The portal's first data of its own (decision 043): what an agency hands its customers.
-- Keyed by the agency's id at the provider; no traveller's name, passport or birth date is kept.

CREATE TABLE agency_branding (
  agency_id integer PRIMARY KEY,
  -- The lines under the logo on what a customer sees (address, phone, e-mail), as the clerk typed them.
  contact_lines text NOT NULL DEFAULT '',
  logo bytea,
  logo_type text CHECK (logo_type IN ('image/png', 'image/jpeg')),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((logo IS NULL) = (logo_type IS NULL)),
  CHECK (octet_length(logo) <= 204800)
);

CREATE TABLE shared_offers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Only the SHA-256 of the link's token: the store alone cannot open an offer.
  token_sha256 bytea NOT NULL UNIQUE CHECK (octet_length(token_sha256) = 32),
  agency_id integer NOT NULL,
  created_by text NOT NULL,
  prepared_for text CHECK (char_length(prepared_for) <= 80),
  -- The offer as priced: hotel, dates, rooms, guest counts, the price with the markup.
  offer jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  opened_count integer NOT NULL DEFAULT 0,
  last_opened_at timestamptz
);

CREATE INDEX shared_offers_by_agency ON shared_offers (agency_id, created_at DESC);
