-- Custom SQL migration (drizzle-kit cannot express triggers). docs/decisions/0010.
-- listing_counts holds the number of listed marketplace rows per segment (0..13), kept exact in
-- the same transaction as every change to marketplace_listings, so list totals never count rows.
-- Statement-level triggers with transition tables: a bulk insert of a million listings costs one
-- grouped update, not a million row triggers. Every segment has a row from the start, so the
-- triggers only ever UPDATE (no upsert, and a negative count fails the CHECK instead of hiding).
INSERT INTO "listing_counts" ("segment", "listed") SELECT s, 0 FROM generate_series(0, 13) AS s ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION listing_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE listing_counts c SET listed = c.listed + d.n
      FROM (SELECT segment, count(*) AS n FROM new_rows WHERE status = 'listed' GROUP BY segment) d
      WHERE c.segment = d.segment;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE listing_counts c SET listed = c.listed - d.n
      FROM (SELECT segment, count(*) AS n FROM old_rows WHERE status = 'listed' GROUP BY segment) d
      WHERE c.segment = d.segment;
  ELSE
    UPDATE listing_counts c SET listed = c.listed + d.n
      FROM (
        SELECT segment, sum(delta) AS n FROM (
          SELECT segment, 1 AS delta FROM new_rows WHERE status = 'listed'
          UNION ALL
          SELECT segment, -1 AS delta FROM old_rows WHERE status = 'listed'
        ) changes GROUP BY segment HAVING sum(delta) <> 0
      ) d
      WHERE c.segment = d.segment;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_count_insert AFTER INSERT ON marketplace_listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_apply();
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_count_update AFTER UPDATE ON marketplace_listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_apply();
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_count_delete AFTER DELETE ON marketplace_listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_apply();
--> statement-breakpoint
CREATE FUNCTION listing_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listing_counts SET listed = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_count_truncate AFTER TRUNCATE ON marketplace_listings
  FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_reset();
