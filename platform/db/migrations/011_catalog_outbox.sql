-- Price and stock changes the storefront has not been told about yet (platform/lib/catalog-hook.ts). A change
-- writes its sku here in its own transaction, so it is kept even when the storefront's catalog hook is down or the
-- platform stops before calling it; a row goes once the hook took it. `changed_at` tells a change made while a call
-- was under way from the one the call carried.
CREATE TABLE catalog_outbox (
  sku text PRIMARY KEY,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX catalog_outbox_due ON catalog_outbox (next_attempt_at);
