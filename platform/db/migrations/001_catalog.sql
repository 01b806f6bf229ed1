-- Catalog: categories, brands, products, variants (SKUs) and their properties.
-- Money is stored as integer cents; the API converts to euros.

CREATE TABLE categories (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,           -- full path without leading slash: cane/cibo-secco
  name text NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  parent_id text REFERENCES categories (id),
  position integer NOT NULL
);
CREATE INDEX categories_parent_idx ON categories (parent_id);

CREATE TABLE brands (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  private_label boolean NOT NULL DEFAULT false
);

CREATE TABLE products (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  brand_id text NOT NULL REFERENCES brands (id),
  category_id text NOT NULL REFERENCES categories (id),
  -- The category path, one column per level, so that "this category and its
  -- descendants" and "counts per child category" are plain equality lookups.
  category1_id text NOT NULL REFERENCES categories (id),
  category2_id text REFERENCES categories (id),
  category3_id text REFERENCES categories (id),
  category4_id text REFERENCES categories (id),
  -- Brand and category names, kept here because a generated column may only
  -- read its own row.
  search_keywords text NOT NULL,
  price_tiers jsonb NOT NULL DEFAULT '[]',      -- [{ "minQuantity": 3, "valueCents": 1899 }]
  tier_extra_discount boolean NOT NULL DEFAULT false,
  min_quantity integer NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
  fast_picking boolean NOT NULL DEFAULT false,
  is_kit boolean NOT NULL DEFAULT false,
  subscription_frequencies jsonb,                -- null when not subscription-eligible
  release_date date NOT NULL,
  -- Listing order of the catalog and the tie-break of every search sort.
  position integer NOT NULL UNIQUE,
  -- False for items that exist only to be given away (promotion gifts).
  listed boolean NOT NULL DEFAULT true,
  -- Derived from the variants (kept in step by the code that writes variants):
  -- cheapest price, and the largest discount in basis points.
  min_price_cents integer NOT NULL DEFAULT 0,
  max_discount_bp integer NOT NULL DEFAULT 0,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('italian', translate(lower(name), 'àáâäèéêëìíîïòóôöùúûü', 'aaaaeeeeiiiioooouuuu')), 'A') ||
    setweight(to_tsvector('italian', translate(lower(search_keywords), 'àáâäèéêëìíîïòóôöùúûü', 'aaaaeeeeiiiioooouuuu')), 'B') ||
    setweight(to_tsvector('italian', translate(lower(description), 'àáâäèéêëìíîïòóôöùúûü', 'aaaaeeeeiiiioooouuuu')), 'C')
  ) STORED
);
CREATE INDEX products_search_idx ON products USING gin (search_vector);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_category1_idx ON products (category1_id);
CREATE INDEX products_category2_idx ON products (category2_id);
CREATE INDEX products_category3_idx ON products (category3_id);
CREATE INDEX products_category4_idx ON products (category4_id);

CREATE TABLE variants (
  sku text PRIMARY KEY,
  product_id text NOT NULL REFERENCES products (id),
  position smallint NOT NULL,
  name text NOT NULL,
  gtin text NOT NULL UNIQUE,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  list_price_cents integer NOT NULL CHECK (list_price_cents >= 0),
  -- Equal to price_cents when in stock, 0 when out of stock.
  low_price_cents integer NOT NULL CHECK (low_price_cents >= 0),
  unit_multiplier integer NOT NULL DEFAULT 1 CHECK (unit_multiplier >= 1),
  max_quantity integer NOT NULL CHECK (max_quantity >= 1),
  image_count smallint NOT NULL CHECK (image_count BETWEEN 1 AND 9),
  -- Loyalty points multiplier of the SKU (spec: 'sku-multiplier').
  loyalty_multiplier smallint NOT NULL DEFAULT 1 CHECK (loyalty_multiplier >= 1),
  UNIQUE (product_id, position)
);

CREATE TABLE product_properties (
  product_id text NOT NULL REFERENCES products (id),
  position smallint NOT NULL,
  name text NOT NULL,
  value text NOT NULL,
  -- Facet key and value as they travel in URLs.
  name_slug text NOT NULL,
  value_slug text NOT NULL,
  PRIMARY KEY (product_id, position)
);
CREATE INDEX product_properties_facet_idx ON product_properties (name_slug, value_slug);

-- Automatic gifts: while an order form's total reaches the threshold, one unit
-- of gift_sku is added at price 0.
CREATE TABLE gift_promotions (
  id text PRIMARY KEY,
  name text NOT NULL,
  threshold_cents integer NOT NULL CHECK (threshold_cents > 0),
  gift_sku text NOT NULL REFERENCES variants (sku),
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE stores (
  id text PRIMARY KEY,
  name text NOT NULL,
  street text NOT NULL,
  city text NOT NULL,
  region text NOT NULL,
  postal_code text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  hours jsonb NOT NULL,                -- { "monday": { "open": "09:00", "close": "19:30" } | null, … }
  seller_id text NOT NULL UNIQUE,
  vtex_seller_id text NOT NULL UNIQUE,
  fast_time integer NOT NULL,          -- minutes
  slow_time integer NOT NULL           -- minutes
);
