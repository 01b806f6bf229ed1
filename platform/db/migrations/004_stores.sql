-- Stores and pickup: stock per store, days with other opening hours, each
-- customer's favourite store, and the pickup point chosen on an order form.

CREATE TABLE store_stock (
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  sku text NOT NULL REFERENCES variants (sku) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (store_id, sku)
);
CREATE INDEX store_stock_sku_idx ON store_stock (sku);

-- A holiday (open and close both null) or a day with its own hours ("HH:MM";
-- a close of "00:00" is midnight at the end of the day).
CREATE TABLE store_hour_exceptions (
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  day date NOT NULL,
  open text,
  close text,
  PRIMARY KEY (store_id, day),
  CHECK ((open IS NULL) = (close IS NULL))
);

CREATE TABLE favourite_stores (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Null: the order is delivered; a store: the order is picked up there.
ALTER TABLE order_forms ADD COLUMN pickup_store_id text REFERENCES stores (id);
