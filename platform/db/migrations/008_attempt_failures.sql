-- Failed logins, registrations and guest-order lookups, one leaky bucket per
-- key (platform/identity/throttle.ts): 'login:pair:<email> <client>',
-- 'login:ip:<client>', 'login:account:<email>', 'login:device:<token hash>',
-- and the like for 'register:' and 'order:'. `level` is the failures still
-- counted at `updated_at`; the row can go once it has leaked to 0 (`empty_at`).
-- They slow their source down instead of locking an account or an order for
-- everyone, as login_failures did.
CREATE TABLE attempt_failures (
  key text PRIMARY KEY,
  level double precision NOT NULL,
  updated_at timestamptz NOT NULL,
  empty_at timestamptz NOT NULL
);
CREATE INDEX attempt_failures_empty_idx ON attempt_failures (empty_at);

DROP TABLE login_failures;

-- Devices a customer has logged in from: the browser keeps a random token
-- (cookie pf_device), only its SHA-256 is stored. Attempts carrying a known
-- device's token count only that device's failures, so failures other clients
-- caused never keep the owner out of their account on their own devices.
CREATE TABLE known_devices (
  token_hash text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX known_devices_customer_idx ON known_devices (customer_id);
