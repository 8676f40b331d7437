type DateInput = Date | string | number;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** Audio lengths as minutes:seconds, "0:03", "12:40"; anything unknown reads as 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && seconds ? Math.max(0, Math.round(seconds)) : 0;
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

// Pupils and parents are in UK schools: their pages show en-GB dates, whatever language
// the browser is set to.
const shortGb = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const longGb = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "22/11/2026" */
export function formatDateGb(value: DateInput): string {
  return shortGb.format(toDate(value));
}

/** "22 November 2026" */
export function formatLongDateGb(value: DateInput): string {
  return longGb.format(toDate(value));
}
