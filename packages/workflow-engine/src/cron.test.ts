import { describe, expect, it } from 'vitest';
import { CronError, cronMatches, parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('cron schedules', () => {
  it('runs at 06:00 on weekdays in Nairobi, not at 06:00 UTC', () => {
    const weekdays6 = parseCron('0 6 * * 1-5');
    // Monday 2026-11-23 06:00 in Nairobi is 03:00 UTC.
    expect(cronMatches(weekdays6, at('2026-11-23T03:00:00Z'), 'Africa/Nairobi')).toBe(true);
    expect(cronMatches(weekdays6, at('2026-11-23T06:00:00Z'), 'Africa/Nairobi')).toBe(false);
    expect(cronMatches(weekdays6, at('2026-11-23T03:01:00Z'), 'Africa/Nairobi')).toBe(false);
    // Saturday.
    expect(cronMatches(weekdays6, at('2026-11-28T03:00:00Z'), 'Africa/Nairobi')).toBe(false);
  });

  it('reads steps, ranges, lists and Sunday as 0 or 7', () => {
    const every15 = parseCron('*/15 * * * *');
    expect(cronMatches(every15, at('2026-01-01T10:45:00Z'), 'UTC')).toBe(true);
    expect(cronMatches(every15, at('2026-01-01T10:50:00Z'), 'UTC')).toBe(false);
    const list = parseCron('5,35 9-17/4 * * 7');
    expect(cronMatches(list, at('2026-11-29T13:35:00Z'), 'UTC')).toBe(true);
    expect(cronMatches(list, at('2026-11-29T11:35:00Z'), 'UTC')).toBe(false);
  });

  it('runs when either day field matches if both are restricted', () => {
    const firstOrMonday = parseCron('0 0 1 * 1');
    expect(cronMatches(firstOrMonday, at('2026-12-01T00:00:00Z'), 'UTC')).toBe(true); // a Tuesday, the 1st
    expect(cronMatches(firstOrMonday, at('2026-12-07T00:00:00Z'), 'UTC')).toBe(true); // a Monday
    expect(cronMatches(firstOrMonday, at('2026-12-08T00:00:00Z'), 'UTC')).toBe(false);
  });

  it('names the field that is wrong', () => {
    expect(() => parseCron('0 6 * *')).toThrow(CronError);
    expect(() => parseCron('61 6 * * *')).toThrow('The minute field "61" is outside 0–59');
    expect(() => parseCron('0 6 * * mon')).toThrow('The day of week field "mon" is not cron');
  });
});
