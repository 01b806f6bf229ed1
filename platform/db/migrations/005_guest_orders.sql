-- Where a placed order's confirmation goes: the customer's email, or the one a
-- guest gave at checkout. A guest finds the order again by its number and this
-- email (the guest-order page).
ALTER TABLE order_forms ADD COLUMN contact_email text;
CREATE INDEX order_forms_order_number_upper_idx ON order_forms (upper(order_number));
