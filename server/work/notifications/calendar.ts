/*
 * Week arithmetic for the scheduled e-mails, in UTC (the server's clock, and within an
 * hour of a UK school's). A week starts on Monday at 00:00.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function startOfWeek(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** This week's Monday (0) … Sunday (6) at the given UTC hour. */
export function weekdayAt(now: Date, weekday: number, hour: number): Date {
  return new Date(startOfWeek(now).getTime() + weekday * DAY_MS + hour * 60 * 60 * 1000);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** "Monday 30 November 2026", whatever the server's locale data says. */
export function formatDay(date: Date): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'long' })} ${date.getUTCDate()} ${part({ month: 'long' })} ${date.getUTCFullYear()}`;
}
