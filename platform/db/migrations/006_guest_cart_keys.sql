-- A guest order form is bound to the browser that created it: the browser
-- holds a random key (cookie pf_cart) and only the key's SHA-256 is stored
-- here. A guest order form without a hash (made before this migration) is
-- bound to no browser and reachable by nobody; a customer's has none.
ALTER TABLE order_forms ADD COLUMN guest_key_hash text;
