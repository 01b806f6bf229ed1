-- Customers, login sessions and order forms (carts).

CREATE TABLE customers (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,          -- always stored lower-case
  given_name text NOT NULL,
  family_name text NOT NULL,
  password_hash text NOT NULL,         -- scrypt$N$r$p$salt$hash (base64)
  is_vet boolean NOT NULL DEFAULT false,
  bk_id text NOT NULL UNIQUE,
  arcacard text NOT NULL UNIQUE,
  profiling_consent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The cookie carries a random token; only its SHA-256 is stored, so a leaked
-- table does not yield usable sessions.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_customer_idx ON sessions (customer_id);

CREATE SEQUENCE order_number_seq START 100001;

-- Serial numbers of loyalty data for customers who register (seed customers use lower ones).
CREATE SEQUENCE loyalty_card_seq START 200001;

CREATE TABLE order_forms (
  id text PRIMARY KEY,                 -- random UUID
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'placed')),
  customer_id text REFERENCES customers (id),
  order_number text UNIQUE,            -- set when placed
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  placed_at timestamptz
);
CREATE INDEX order_forms_customer_idx ON order_forms (customer_id);

-- Lines hold what the shopper chose; prices are read from the catalog while the
-- order form is open and frozen into the placed_* columns when it is placed.
CREATE TABLE order_form_lines (
  order_form_id text NOT NULL REFERENCES order_forms (id) ON DELETE CASCADE,
  position integer NOT NULL,
  sku text NOT NULL REFERENCES variants (sku),
  seller text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]',
  quantity integer NOT NULL CHECK (quantity >= 1),
  is_gift boolean NOT NULL DEFAULT false,
  placed_price_cents integer,
  placed_list_price_cents integer,
  PRIMARY KEY (order_form_id, position)
);
