-- What build-time sourcing reads (categories, brands, listed products, their
-- variants and properties) has one revision, which every statement changing
-- those tables advances, however it changes them (the admin endpoint, a seed,
-- an operator's SQL). A storefront build that finds the revision it sourced
-- last keeps its catalog instead of reading it all again.
--
-- `epoch` is drawn when this table is made, so a database made again from
-- nothing never answers a revision an earlier one answered for other data.
CREATE TABLE catalog_revision (
  id int PRIMARY KEY CHECK (id = 1),
  epoch uuid NOT NULL DEFAULT gen_random_uuid(),
  counter bigint NOT NULL DEFAULT 1
);
INSERT INTO catalog_revision (id) VALUES (1);

-- Once a statement, not once a row: a bulk insert of many rows in one statement advances it once.
-- The schema's own search path, whatever the session that changes the catalog has.
CREATE FUNCTION advance_catalog_revision() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE catalog_revision SET counter = counter + 1 WHERE id = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER categories_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION advance_catalog_revision();
CREATE TRIGGER brands_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION advance_catalog_revision();
CREATE TRIGGER products_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION advance_catalog_revision();
CREATE TRIGGER variants_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variants
  FOR EACH STATEMENT EXECUTE FUNCTION advance_catalog_revision();
CREATE TRIGGER product_properties_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_properties
  FOR EACH STATEMENT EXECUTE FUNCTION advance_catalog_revision();
