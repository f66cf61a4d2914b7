/**
 * Five-field cron (minute hour day-of-month month day-of-week) in a time zone: whether a minute is
 * one the schedule runs at. Fields take `*`, numbers, ranges `a-b`, lists `a,b` and steps `*\/n`
 * or `a-b/n`; day-of-week 0–7 (0 and 7 are Sunday). As in Vixie cron, when both day fields are
 * restricted a day matching either runs.
 */

const BOUNDS: Array<[number, number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];
const NAMES = ['minute', 'hour', 'day of month', 'month', 'day of week'];

export class CronError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CronError';
  }
}

function parseField(text: string, index: number): Set<number> {
  const [low, high] = BOUNDS[index] as [number, number];
  const name = NAMES[index];
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new CronError(`The ${name} field "${text}" is not cron`);
    const step = match[4] ? Number(match[4]) : 1;
    const from = match[1] === '*' ? low : Number(match[2]);
    const to = match[1] === '*' ? high : match[3] ? Number(match[3]) : match[4] ? high : from;
    if (step < 1 || from < low || to > high || from > to) {
      throw new CronError(`The ${name} field "${text}" is outside ${low}–${high}`);
    }
    for (let v = from; v <= to; v += step) values.add(index === 4 && v === 7 ? 0 : v);
  }
  return values;
}

export interface CronSchedule {
  fields: Set<number>[];
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

export function parseCron(cron: string): CronSchedule {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError('A schedule has 5 fields: minute hour day month weekday');
  return {
    fields: parts.map(parseField),
    dayOfMonthRestricted: parts[2] !== '*',
    dayOfWeekRestricted: parts[4] !== '*',
  };
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The minute, hour, day, month and weekday of an instant on the clocks of a time zone. */
export function wallClock(at: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      minute: 'numeric',
      hour: 'numeric',
      day: 'numeric',
      month: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    minute: Number(parts.minute),
    hour: Number(parts.hour),
    day: Number(parts.day),
    month: Number(parts.month),
    weekday: WEEKDAYS[parts.weekday as string] ?? 0,
  };
}

/** True when the schedule runs at the minute of `at` in `timeZone`. */
export function cronMatches(schedule: CronSchedule, at: Date, timeZone: string): boolean {
  const clock = wallClock(at, timeZone);
  const [minutes, hours, days, months, weekdays] = schedule.fields as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (!minutes.has(clock.minute) || !hours.has(clock.hour) || !months.has(clock.month)) return false;
  const dayOk = days.has(clock.day);
  const weekdayOk = weekdays.has(clock.weekday);
  if (schedule.dayOfMonthRestricted && schedule.dayOfWeekRestricted) return dayOk || weekdayOk;
  return dayOk && weekdayOk;
}
