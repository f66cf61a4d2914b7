import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../identity/seed.ts';
import { openDatabase } from './database.ts';
import { organizations, users } from './schema.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('database across restarts', () => {
  it('keeps every record and seeds only once', async () => {
    const options = { databaseUrl: process.env.DATABASE_URL, dataDir };
    const first = await openDatabase(options);
    await seedDemo(first, 'counterpart');
    await first.db.insert(organizations).values({ name: 'Kept Across Restarts' });
    const [before] = await first.db.select({ n: count() }).from(organizations);
    await first.close();

    const second = await openDatabase(options);
    try {
      expect(await seedDemo(second, 'counterpart')).toBe(false);
      const [after] = await second.db.select({ n: count() }).from(organizations);
      expect(after?.n).toBe(before?.n);
      const [people] = await second.db.select({ n: count() }).from(users);
      expect(Number(people?.n)).toBeGreaterThanOrEqual(2);
      await second.ping();
    } finally {
      await second.close();
    }
  });
});
