type DateInput = Date | string | number;

/*
 * The three date formats the app shows, written out rather than through date-fns's
 * `format`, which brought its whole pattern parser and the en-US locale (5.6 KiB gzipped)
 * to every teacher page. format.test.ts checks them against date-fns.
 */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  // As date-fns did: an invalid date is a mistake to surface, not "NaN" on the screen.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const year = (date: Date) => pad(date.getFullYear(), 4);

/** "Sunday, November 22, 2026" */
export function formatLongDate(value: DateInput = new Date()): string {
  const date = toDate(value);
  return `${DAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${year(date)}`;
}

/** 24-hour clock, "14:05" */
export function formatClock(value: DateInput = new Date()): string {
  const date = toDate(value);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "Nov 22, 2026" */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${year(date)}`;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Thresholds: just now, minutes, hours, days (under 30), then a short date. */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min ago`;
  if (seconds < DAY) {
    const hours = Math.floor(seconds / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (seconds < 30 * DAY) {
    const days = Math.floor(seconds / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  return formatShortDate(date);
}

/** First letter of each word, upper-cased, at most two: "Ada Lovelace" -> "AL". */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');
}
