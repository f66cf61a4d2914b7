/*
 * Why (issue 18): a run of 1M a side writes ~860k groups, as many automatic-match audit entries and
 * ~1.7M group items in one transaction; random-keyed index writes were most of it (PostgreSQL 15).
 * - recon_group_items: the partial unique index on active items and the plain one on every item
 *   become ONE unique index on (item_id, inactive_group_id), a column the database keeps from
 *   `active` (nil UUID while active, the group's id after). Same rules — one active group per item,
 *   every group of an item found by item — with one random-keyed index instead of two: a 1M run's
 *   item COPY took 26 s of server CPU and 1,070 MB of WAL with both, 9.6 s and 684 MB with one.
 * - recon_audit: the GIN index on item_ids leaves out the runs' automatic matches (one per group);
 *   an item's trail finds those through its groups instead (recon_group_items by item, then
 *   recon_audit by group: audit.service.ts `itemTrail`). A 1M run's audit COPY: 1,290 MB of WAL
 *   with the GIN index, 723 MB without.
 * Existing rows satisfy the new unique index: one active row per item (the old partial index), and
 * inactive rows of an item differ by group (the primary key).
 */
DROP INDEX "recon_group_items_item_idx";--> statement-breakpoint
DROP INDEX "recon_audit_items_idx";--> statement-breakpoint
DROP INDEX "recon_group_items_active_item_idx";--> statement-breakpoint
ALTER TABLE "recon_group_items" ADD COLUMN "inactive_group_id" uuid GENERATED ALWAYS AS (case when active then '00000000-0000-0000-0000-000000000000'::uuid else group_id end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "recon_audit_items_idx" ON "recon_audit" USING gin ("item_ids") WHERE "recon_audit"."action" <> 'group.auto_matched';--> statement-breakpoint
CREATE UNIQUE INDEX "recon_group_items_active_item_idx" ON "recon_group_items" USING btree ("item_id","inactive_group_id");