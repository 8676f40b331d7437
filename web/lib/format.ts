import { format } from 'date-fns';

type DateInput = Date | string | number;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** "Sunday, November 22, 2026" */
export function formatLongDate(value: DateInput = new Date()): string {
  return format(toDate(value), 'EEEE, MMMM d, yyyy');
}

/** 24-hour clock, "14:05" */
export function formatClock(value: DateInput = new Date()): string {
  return format(toDate(value), 'HH:mm');
}

/** "Nov 22, 2026" */
export function formatShortDate(value: DateInput): string {
  return format(toDate(value), 'MMM d, yyyy');
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9 thresholds: just now, minutes, hours, days (under 30), then a short date. */
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
