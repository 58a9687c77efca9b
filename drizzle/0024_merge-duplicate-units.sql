-- custom SQL (issue 17 §4): "the same serial typed in another case or with spaces is the same unit". Units added
-- before the forms compared serials (serialKey, ~/.server/customers/units.ts) may be there twice for one customer:
-- each group of one customer's units with the same serial as compared is merged into its oldest unit, which takes
-- any detail it lacks from the others, their bench jobs and their contracts; the others are deleted. Then the
-- unique index below keeps it from happening again. Re-runnable: a second run finds nothing to merge.
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY customer_id, upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) ORDER BY created_at, id) AS keeper
  FROM equipment_units
  WHERE upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) <> ''
), details AS (
  SELECT r.keeper,
    (array_agg(u.site_id ORDER BY u.created_at, u.id) FILTER (WHERE u.site_id IS NOT NULL))[1] AS site_id,
    (array_agg(u.kind ORDER BY u.created_at, u.id) FILTER (WHERE u.kind IS NOT NULL))[1] AS kind,
    (array_agg(u.model ORDER BY u.created_at, u.id) FILTER (WHERE u.model IS NOT NULL))[1] AS model,
    (array_agg(u.rating ORDER BY u.created_at, u.id) FILTER (WHERE u.rating IS NOT NULL))[1] AS rating,
    (array_agg(u.location ORDER BY u.created_at, u.id) FILTER (WHERE u.location IS NOT NULL))[1] AS location
  FROM ranked r JOIN equipment_units u ON u.id = r.id
  WHERE r.id <> r.keeper
  GROUP BY r.keeper
)
UPDATE equipment_units k SET
  site_id = coalesce(k.site_id, d.site_id),
  kind = coalesce(k.kind, d.kind),
  model = coalesce(k.model, d.model),
  rating = coalesce(k.rating, d.rating),
  location = coalesce(k.location, d.location)
FROM details d
WHERE k.id = d.keeper;--> statement-breakpoint
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY customer_id, upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) ORDER BY created_at, id) AS keeper
  FROM equipment_units
  WHERE upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) <> ''
)
UPDATE bench_jobs b SET unit_id = r.keeper FROM ranked r WHERE b.unit_id = r.id AND r.id <> r.keeper;--> statement-breakpoint
-- A contract that covered a duplicate covers the kept unit (once, if it covered both).
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY customer_id, upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) ORDER BY created_at, id) AS keeper
  FROM equipment_units
  WHERE upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) <> ''
)
INSERT INTO contract_units (contract_id, unit_id)
SELECT DISTINCT cu.contract_id, r.keeper FROM contract_units cu JOIN ranked r ON r.id = cu.unit_id WHERE r.id <> r.keeper
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The duplicates, now referenced by nothing (their contract_units rows go with them, ON DELETE CASCADE).
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY customer_id, upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) ORDER BY created_at, id) AS keeper
  FROM equipment_units
  WHERE upper(regexp_replace(serial_number, '[[:space:]]', '', 'g')) <> ''
)
DELETE FROM equipment_units u USING ranked r WHERE u.id = r.id AND r.id <> r.keeper;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_units_customer_serial" ON "equipment_units" USING btree ("customer_id",upper(regexp_replace("serial_number", '[[:space:]]', '', 'g'))) WHERE upper(regexp_replace("equipment_units"."serial_number", '[[:space:]]', '', 'g')) <> '';
