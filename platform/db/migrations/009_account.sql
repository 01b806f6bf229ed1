-- The account's own pages: an address book whose residential address the
-- session's postal code follows, and orders that outlive an erased account.

-- An address the customer ships to that is not their residence.
ALTER TABLE customer_addresses DROP CONSTRAINT customer_addresses_address_type_check;
ALTER TABLE customer_addresses ADD CONSTRAINT customer_addresses_address_type_check
  CHECK (address_type IN ('residential', 'commercial', 'pickup', 'shipping'));
ALTER TABLE customer_addresses ADD COLUMN recipient text NOT NULL DEFAULT '';
ALTER TABLE customer_addresses ADD COLUMN province text NOT NULL DEFAULT '';
ALTER TABLE customer_addresses ADD COLUMN phone text NOT NULL DEFAULT '';
ALTER TABLE customer_addresses ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- At most one residential address per customer: extra ones become shipping addresses.
UPDATE customer_addresses a SET address_type = 'shipping'
WHERE a.address_type = 'residential'
  AND a.id <> (SELECT min(b.id) FROM customer_addresses b WHERE b.customer_id = a.customer_id AND b.address_type = 'residential');
CREATE UNIQUE INDEX customer_addresses_one_residential_idx ON customer_addresses (customer_id) WHERE address_type = 'residential';

-- When a customer erases their account, their placed orders stay for the
-- shop's accounts with no customer and no email: this says when that happened.
ALTER TABLE order_forms ADD COLUMN anonymised_at timestamptz;
CREATE INDEX order_forms_contact_email_idx ON order_forms (contact_email);
