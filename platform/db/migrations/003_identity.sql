-- Saved (shared) carts, wishlists and customer addresses.

-- The cart a customer finds on every device: one per customer, and an order
-- form is saved for at most one customer.
CREATE TABLE saved_carts (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  order_form_id text NOT NULL UNIQUE REFERENCES order_forms (id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL DEFAULT now()
);

-- One wishlist per customer; a SKU appears in it once.
CREATE TABLE wishlist_items (
  id text PRIMARY KEY,                 -- random UUID, the list item id
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  sku text NOT NULL REFERENCES variants (sku),
  added_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, sku)
);

CREATE TABLE customer_addresses (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  address_type text NOT NULL CHECK (address_type IN ('residential', 'commercial', 'pickup')),
  country text NOT NULL,               -- ISO 3166-1 alpha-3
  postal_code text NOT NULL,
  city text NOT NULL,
  street text NOT NULL
);
CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id);

-- Failed logins, per account (normalised email) and per client address, for the rate limit.
CREATE TABLE login_failures (
  key text NOT NULL,                   -- 'email:<email>' or 'ip:<address>'
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at);
