ALTER TABLE "recon_audit" DROP CONSTRAINT "recon_audit_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_group_items" DROP CONSTRAINT "recon_group_items_group_id_recon_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_group_items" DROP CONSTRAINT "recon_group_items_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_group_items" DROP CONSTRAINT "recon_group_items_item_id_table_items_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_groups" DROP CONSTRAINT "recon_groups_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_groups" DROP CONSTRAINT "recon_groups_run_id_recon_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_groups" DROP CONSTRAINT "recon_groups_left_table_id_data_tables_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_groups" DROP CONSTRAINT "recon_groups_right_table_id_data_tables_id_fk";
--> statement-breakpoint
ALTER TABLE "recon_groups" DROP CONSTRAINT "recon_groups_created_by_users_id_fk";
--> statement-breakpoint
/*
 * Why (issue 18): a reconciliation run writes its groups, their items and one audit entry per group in one
 * transaction — millions of rows at 1M a side. The foreign keys dropped above checked each row on its
 * own (one query per row and reference, and a FOR KEY SHARE lock on each table item), which was most of
 * a run's write time (100k a side, PostgreSQL: groups 10.0 s with their 5 foreign keys, 2.0 s without;
 * items 7.6 s with the table-item key alone, 3.9 s without). The same references are kept here by
 * statement-level triggers: each INSERT / UPDATE / COPY checks all its rows with one anti-join per
 * reference (stricter than before: an item must be a row of its own table, that table one of its
 * group's, and every table of the group's organization), and each DELETE of a referenced row cascades
 * in one statement.
 *
 * Concurrency, instead of a lock per table item: a writer of groups or items takes the data tables they
 * name FOR KEY SHARE before checking (runs, edits and imports do not wait on each other); whatever deletes
 * table items, a table or a group takes the data_tables rows concerned FOR UPDATE before cascading. So a
 * delete either waits for the writer's commit and then cascades over its rows too, or the writer waits
 * for the delete's commit and then finds the rows gone and fails. Every path that deletes table items or
 * groups goes through these triggers; referenced ids are never updated (nothing guards that any more).
 */
CREATE FUNCTION recon_groups_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM data_tables t
    WHERE t.id IN (SELECT a.left_table_id FROM added a UNION SELECT a.right_table_id FROM added a)
    ORDER BY t.id FOR KEY SHARE OF t;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT organization_id, left_table_id, right_table_id FROM added) a
     WHERE NOT EXISTS (SELECT 1 FROM data_tables t WHERE t.id = a.left_table_id AND t.organization_id = a.organization_id)
        OR NOT EXISTS (SELECT 1 FROM data_tables t WHERE t.id = a.right_table_id AND t.organization_id = a.organization_id)
  ) THEN
    RAISE EXCEPTION 'recon_groups: a table of the group is not a table of its organization'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM 1 FROM recon_runs r WHERE r.id IN (SELECT a.run_id FROM added a) ORDER BY r.id FOR KEY SHARE OF r;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT organization_id, run_id FROM added WHERE run_id IS NOT NULL) a
     WHERE NOT EXISTS (SELECT 1 FROM recon_runs r WHERE r.id = a.run_id AND r.organization_id = a.organization_id)
  ) THEN
    RAISE EXCEPTION 'recon_groups: the run of the group is not a run of its organization'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM 1 FROM users u WHERE u.id IN (SELECT a.created_by FROM added a) ORDER BY u.id FOR KEY SHARE OF u;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT created_by FROM added WHERE created_by IS NOT NULL) a
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.created_by)
  ) THEN
    RAISE EXCEPTION 'recon_groups: the maker of the group is not a user' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION recon_group_items_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  -- Counted, not EXISTS: a whole-set anti-join (hash) rather than one index probe per row.
  PERFORM 1 FROM data_tables t WHERE t.id IN (SELECT a.table_id FROM added a) ORDER BY t.id FOR KEY SHARE OF t;
  SELECT count(*) INTO missing FROM added a
   WHERE NOT EXISTS (
     SELECT 1 FROM table_items i JOIN data_tables t ON t.id = i.table_id
      WHERE i.id = a.item_id AND i.table_id = a.table_id AND t.organization_id = a.organization_id);
  IF missing > 0 THEN
    RAISE EXCEPTION 'recon_group_items: % item(s) not a row of their table in the organization', missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  -- A group goes only with its rows (recon_cascade_groups locks both its tables, one of which is held above).
  SELECT count(*) INTO missing FROM added a
   WHERE NOT EXISTS (
     SELECT 1 FROM recon_groups g
      WHERE g.id = a.group_id AND g.organization_id = a.organization_id
        AND a.table_id IN (g.left_table_id, g.right_table_id));
  IF missing > 0 THEN
    RAISE EXCEPTION 'recon_group_items: % item(s) whose group is not a group of their table in the organization', missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION recon_audit_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM organizations o WHERE o.id IN (SELECT a.organization_id FROM added a)
    ORDER BY o.id FOR KEY SHARE OF o;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT organization_id FROM added) a
     WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = a.organization_id)
  ) THEN
    RAISE EXCEPTION 'recon_audit: the organization of the entry does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_groups_references_insert AFTER INSERT ON recon_groups
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recon_groups_check_references();
--> statement-breakpoint
CREATE TRIGGER recon_groups_references_update AFTER UPDATE ON recon_groups
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recon_groups_check_references();
--> statement-breakpoint
CREATE TRIGGER recon_group_items_references_insert AFTER INSERT ON recon_group_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recon_group_items_check_references();
--> statement-breakpoint
CREATE TRIGGER recon_group_items_references_update AFTER UPDATE ON recon_group_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recon_group_items_check_references();
--> statement-breakpoint
CREATE TRIGGER recon_audit_references_insert AFTER INSERT ON recon_audit
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recon_audit_check_references();
--> statement-breakpoint
CREATE TRIGGER recon_audit_references_update AFTER UPDATE ON recon_audit
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recon_audit_check_references();
--> statement-breakpoint
-- The cascades the foreign keys did: table items → their group items (under their tables' lock, above).
CREATE FUNCTION recon_cascade_table_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM data_tables t WHERE t.id IN (SELECT g.table_id FROM gone g) ORDER BY t.id FOR UPDATE OF t;
  DELETE FROM recon_group_items i WHERE i.item_id IN (SELECT g.id FROM gone g);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_cascade_table_items AFTER DELETE ON table_items
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION recon_cascade_table_items();
--> statement-breakpoint
-- Data tables → the groups of either side (their items follow, below); adjustments follow groups by their key.
CREATE FUNCTION recon_cascade_data_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recon_groups g
   WHERE g.left_table_id IN (SELECT d.id FROM gone d) OR g.right_table_id IN (SELECT d.id FROM gone d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_cascade_data_tables AFTER DELETE ON data_tables
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION recon_cascade_data_tables();
--> statement-breakpoint
-- Groups → their items, under both tables' lock (a writer of items holds the table of each item).
CREATE FUNCTION recon_cascade_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM data_tables t
    WHERE t.id IN (SELECT g.left_table_id FROM gone g UNION SELECT g.right_table_id FROM gone g)
    ORDER BY t.id FOR UPDATE OF t;
  DELETE FROM recon_group_items i WHERE i.group_id IN (SELECT g.id FROM gone g);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_cascade_groups AFTER DELETE ON recon_groups
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION recon_cascade_groups();
--> statement-breakpoint
-- Runs → their groups keep going without a run (set null).
CREATE FUNCTION recon_cascade_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recon_groups g SET run_id = NULL WHERE g.run_id IN (SELECT r.id FROM gone r);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_cascade_runs AFTER DELETE ON recon_runs
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION recon_cascade_runs();
--> statement-breakpoint
-- Users → the groups they made keep going without a maker (set null).
CREATE FUNCTION recon_cascade_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recon_groups g SET created_by = NULL WHERE g.created_by IN (SELECT u.id FROM gone u);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_cascade_users AFTER DELETE ON users
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION recon_cascade_users();
--> statement-breakpoint
-- Organizations → their audit, groups and items (their tables go by their own foreign key, and with them the rest).
CREATE FUNCTION recon_cascade_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recon_audit a WHERE a.organization_id IN (SELECT o.id FROM gone o);
  DELETE FROM recon_groups g WHERE g.organization_id IN (SELECT o.id FROM gone o);
  DELETE FROM recon_group_items i WHERE i.organization_id IN (SELECT o.id FROM gone o);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recon_cascade_organizations AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION recon_cascade_organizations();
