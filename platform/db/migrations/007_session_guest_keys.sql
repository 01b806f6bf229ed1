-- The hash of the guest-cart key the browser held when the session was
-- opened (null when it held none). A session claims only the guest carts bound
-- to that key, so a session opened in another browser and planted in this one
-- (cookies are not isolated by port) claims none of this browser's carts.
-- Sessions opened before this migration have none and claim nothing.
ALTER TABLE sessions ADD COLUMN guest_key_hash text;
