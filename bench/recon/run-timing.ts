/**
 * How long a run takes end to end (read both tables, engine, one write transaction with the groups,
 * their items and one audit entry per group): N × N rows (default 10,000), REPS runs over the same
 * tables, on in-memory PGlite or on PostgreSQL with DATABASE_URL. Not a test:
 *   N=10000 REPS=3 npx tsx bench/recon/run-timing.ts
 */
import { sql } from 'drizzle-orm';
import { reconRuns } from '../../apps/server/src/db/schema.ts';
import { executeRun } from '../../apps/server/src/modules/recon/runs/run-job.ts';
import {
  createReconOrg,
  createSide,
  type Side,
  useTestSettings,
} from '../../apps/server/src/modules/recon/shared/recon-test-support.ts';
import { startTestServer } from '../../apps/server/test/test-server.ts';

async function main() {
  const n = Number(process.env.N ?? 10_000);
  const server = await startTestServer({}, { workers: false });
  try {
    const o = await createReconOrg(server, 'Timing');
    await useTestSettings(o);
    const fill = async (side: Side, shift: number) => {
      // Nine rows in ten match exactly, one in ten within the tolerance.
      await server.database.db.execute(sql`
        insert into table_items (table_id, values)
        select ${side.id}::uuid,
               jsonb_build_object(${side.col.Reference}::text, 'INV-' || g,
                 ${side.col.Amount}::text, ((g * 7919) % 500000 + 1000 + case when g % 10 = 0 then ${shift} else 0 end)::text,
                 ${side.col.Date}::text, to_char(date '2026-01-01' + (g % 90), 'YYYY-MM-DD'))
          from generate_series(1, ${n}) g`);
    };
    const left = await createSide(o, 'Timing left', []);
    const right = await createSide(o, 'Timing right', []);
    await fill(left, 0);
    await fill(right, 300);
    const passes = (await o.call('GET', '/api/recon/recon_engine/api/rules/defaults')).body.passes;
    const times: number[] = [];
    for (let k = 0; k < Number(process.env.REPS ?? 3); k += 1) {
      await server.database.db.execute(sql`delete from recon_groups where organization_id = ${o.org.id}`);
      await server.database.db.execute(sql`delete from recon_audit where organization_id = ${o.org.id}`);
      const [row] = await server.database.db
        .insert(reconRuns)
        .values({
          organizationId: o.org.id,
          leftTableId: left.id,
          rightTableId: right.id,
          passes,
          options: {
            left_fields: { amount: left.col.Amount, date: left.col.Date, reference: [left.col.Reference] },
            right_fields: {
              amount: right.col.Amount,
              date: right.col.Date,
              reference: [right.col.Reference],
            },
            incremental: true,
            dry_run: false,
          },
        })
        .returning();
      if (!row) throw new Error('no run');
      const started = performance.now();
      const summary = await executeRun(server.database, o.org.id, row.id);
      const ms = Math.round(performance.now() - started);
      times.push(ms);
      console.log(JSON.stringify({ n, ms, engine_ms: summary.engine_ms, groups: summary.groups }));
    }
    console.log(`${n} × ${n}: ${times.join(', ')} ms`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
