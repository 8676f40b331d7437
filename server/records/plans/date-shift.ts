/*
 * "Copy to next week": a plan's date range is free text as the teacher typed it. Every
 * date we can read in it is moved on by the given number of days and written back in
 * the same form (names or numbers, abbreviations, case, padding, ordinals, year digits).
 * Numbers are read day first (a school in the UK), unless a date such as 11/23 can only
 * be month first. A bare day beside a date in a range ("Nov 23 - 27") takes that date's
 * month and year; when the shift carries it into another month, the month is written.
 */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL = '(st|nd|rd|th)?';
const RANGE_SEPARATOR = /^\s*(?:-|–|—|to|until|till|through|thru|and|&)\s*$/i;

type Style = 'iso' | 'numeric' | 'month-day' | 'day-month' | 'bare';

type Mention = {
  start: number;
  end: number;
  style: Style;
  day: number;
  month?: number; // 0-11
  year?: number;
  // How it was written, to write it back the same way.
  dayText: string;
  ordinal?: string;
  monthText?: string;
  yearText?: string;
  separator?: string;
  monthFirst?: boolean;
  /** For "Nov 23, 2026": the text between the day and the year. */
  yearGap?: string;
  monthGap?: string;
};

const PATTERNS: { style: Style; regex: RegExp }[] = [
  { style: 'iso', regex: /(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/y },
  { style: 'numeric', regex: /(\d{1,2})([/.-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/])/y },
  {
    style: 'month-day',
    regex: new RegExp(
      `${MONTH_NAME}(\\.?\\s+)(\\d{1,2})${ORDINAL}(?:(,?\\s+)(\\d{4}))?(?![\\d\\w])`,
      'iy',
    ),
  },
  {
    style: 'day-month',
    regex: new RegExp(
      `(\\d{1,2})${ORDINAL}(\\s+(?:of\\s+)?)${MONTH_NAME}\\.?(?:(,?\\s+)(\\d{4}))?(?![\\w])`,
      'iy',
    ),
  },
  {
    style: 'bare',
    regex: new RegExp(`(\\d{1,2})${ORDINAL}(?:(,?\\s+)(\\d{4}))?(?![/.]\\d)(?!\\w)`, 'y'),
  },
];

function monthIndex(text: string): number {
  return MONTHS.findIndex((name) => name.startsWith(text.toLowerCase().slice(0, 3)));
}

function scan(text: string): Mention[] {
  const found: Mention[] = [];
  let i = 0;
  while (i < text.length) {
    const atWordStart = i === 0 || !/[\w]/.test(text[i - 1]!);
    if (!atWordStart) {
      i += 1;
      continue;
    }
    let matched: Mention | null = null;
    for (const { style, regex } of PATTERNS) {
      regex.lastIndex = i;
      const m = regex.exec(text);
      if (!m) continue;
      matched = toMention(style, m, i);
      if (matched) break;
    }
    if (matched) {
      found.push(matched);
      i = matched.end;
    } else i += 1;
  }
  return found;
}

function toMention(style: Style, m: RegExpExecArray, start: number): Mention | null {
  const end = start + m[0].length;
  switch (style) {
    case 'iso':
      return {
        start,
        end,
        style,
        year: Number(m[1]),
        month: Number(m[2]) - 1,
        day: Number(m[3]),
        yearText: m[1],
        monthText: m[2],
        dayText: m[3]!,
      };
    case 'numeric':
      // "1-5" is a range of days, not the 1st of May: a dash needs a year.
      if (m[2] === '-' && !m[4]) return null;
      if (Number(m[1]) > 12 && Number(m[3]) > 12) return null;
      return {
        start,
        end,
        style,
        day: Number(m[1]),
        month: Number(m[3]) - 1,
        dayText: m[1]!,
        monthText: m[3],
        separator: m[2],
        yearText: m[4],
        year: m[4] ? expandYear(m[4]) : undefined,
      };
    case 'month-day':
      return {
        start,
        end,
        style,
        month: monthIndex(m[1]!),
        monthText: m[1],
        monthGap: m[2],
        day: Number(m[3]),
        dayText: m[3]!,
        ordinal: m[4],
        yearGap: m[5],
        yearText: m[6],
        year: m[6] ? Number(m[6]) : undefined,
      };
    case 'day-month':
      return {
        start,
        end,
        style,
        day: Number(m[1]),
        dayText: m[1]!,
        ordinal: m[2],
        monthGap: m[3],
        monthText: m[4],
        month: monthIndex(m[4]!),
        yearGap: m[5],
        yearText: m[6],
        year: m[6] ? Number(m[6]) : undefined,
      };
    default:
      return {
        start,
        end,
        style,
        day: Number(m[1]),
        dayText: m[1]!,
        ordinal: m[2],
        yearGap: m[3],
        yearText: m[4],
        year: m[4] ? Number(m[4]) : undefined,
      };
  }
}

const expandYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

function isValid(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day && day > 0;
}

type Read = { readable: Mention[]; neighbours: Map<Mention, Mention>; fullYear: number };

/** The dates a range's text mentions, each with how it was written. */
function read(text: string, referenceYear: number): Read {
  const all = scan(text);
  // Numbers are day first unless some date can only be read month first (11/23).
  const monthFirst = all.some((m) => m.style === 'numeric' && m.month! > 11 && m.day <= 12);
  for (const m of all) {
    if (m.style === 'numeric' && monthFirst) {
      [m.day, m.month] = [m.month! + 1, m.day - 1];
      m.monthFirst = true;
    }
  }
  const fullYear = all.find((m) => m.year !== undefined)?.year ?? referenceYear;
  const mentions: Mention[] = [];
  const neighbours = new Map<Mention, Mention>();
  for (const [index, m] of all.entries()) {
    if (m.style !== 'bare') {
      mentions.push(m);
      continue;
    }
    // A bare number is a day only beside a full date, across a range separator.
    const next = all[index + 1];
    const previous = all[index - 1];
    const joins = (a: Mention, b: Mention) => RANGE_SEPARATOR.test(text.slice(a.end, b.start));
    const partner =
      next && next.style !== 'bare' && joins(m, next)
        ? next
        : previous && previous.style !== 'bare' && joins(previous, m)
          ? previous
          : undefined;
    if (!partner) continue;
    m.month = partner.month;
    m.year ??= partner.year;
    neighbours.set(m, partner);
    mentions.push(m);
  }
  const readable = mentions.filter((m) => isValid(m.year ?? fullYear, m.month!, m.day));
  return { readable, neighbours, fullYear };
}

/** The first date a range's text names (UTC midnight), or null when none can be read. */
export function firstDateOf(
  text: string,
  referenceYear = new Date().getUTCFullYear(),
): Date | null {
  const { readable, fullYear } = read(text, referenceYear);
  const first = readable[0];
  return first ? new Date(Date.UTC(first.year ?? fullYear, first.month!, first.day)) : null;
}

/** The range's dates moved on by `days`, in the same form; null when none can be read. */
export function shiftDateRange(
  text: string,
  days = 7,
  referenceYear = new Date().getUTCFullYear(),
): string | null {
  const { readable, neighbours, fullYear } = read(text, referenceYear);
  if (readable.length === 0) return null;

  const shifted = new Map(
    readable.map((m) => [m, new Date(Date.UTC(m.year ?? fullYear, m.month!, m.day + days))]),
  );
  let result = text;
  for (const m of [...readable].reverse()) {
    const partner = neighbours.get(m);
    const partnerDate = partner ? shifted.get(partner) : undefined;
    const replacement = render(m, shifted.get(m)!, partner, partnerDate?.getUTCMonth());
    result = result.slice(0, m.start) + replacement + result.slice(m.end);
  }
  return result;
}

function render(
  m: Mention,
  date: Date,
  partner: Mention | undefined,
  partnerMonth: number | undefined,
): string {
  const day = date.getUTCDate();
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  const dayText = pad(day, m.dayText) + (m.ordinal ? ordinalOf(day, m.ordinal) : '');
  const yearPart = m.yearText ? `${m.yearGap ?? ''}${yearText(year, m.yearText)}` : '';
  switch (m.style) {
    case 'iso':
      return `${yearText(year, m.yearText!)}-${twoDigits(month + 1, m.monthText!)}-${twoDigits(day, m.dayText)}`;
    case 'numeric': {
      const [first, second] = m.monthFirst
        ? [pad(month + 1, m.dayText), pad(day, m.monthText!)]
        : [pad(day, m.dayText), pad(month + 1, m.monthText!)];
      const sep = m.separator!;
      return `${first}${sep}${second}${m.yearText ? `${sep}${yearText(year, m.yearText)}` : ''}`;
    }
    case 'month-day':
      return `${monthName(month, m.monthText!)}${m.monthGap}${dayText}${yearPart}`;
    case 'day-month':
      return `${dayText}${m.monthGap}${monthName(month, m.monthText!)}${yearPart}`;
    default: {
      if (!partner || month === partnerMonth) return `${dayText}${yearPart}`;
      // The shift put the two ends in different months: write this one's, as the partner does.
      const like = partner.monthText ?? '';
      if (partner.style === 'month-day') return `${monthName(month, like)} ${dayText}${yearPart}`;
      if (partner.style === 'day-month') return `${dayText} ${monthName(month, like)}${yearPart}`;
      const sep = partner.separator ?? '/';
      const monthPart = pad(month + 1, like || '1');
      return partner.monthFirst
        ? `${monthPart}${sep}${dayText}${yearPart}`
        : `${dayText}${sep}${monthPart}${yearPart}`;
    }
  }
}

function pad(value: number, like: string): string {
  return like.length === 2 && like.startsWith('0') ? String(value).padStart(2, '0') : String(value);
}

/** ISO dates are padded whenever the field was written with two digits. */
function twoDigits(value: number, like: string): string {
  return like.length === 2 ? String(value).padStart(2, '0') : String(value);
}

function yearText(year: number, like: string): string {
  return like.length === 2 ? String(year % 100).padStart(2, '0') : String(year);
}

function ordinalOf(day: number, like: string): string {
  const suffix =
    day % 100 >= 11 && day % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return like === like.toUpperCase() ? suffix.toUpperCase() : suffix;
}

/** The month in the same form as `like`: full or abbreviated ("Sept" kept), same case. */
function monthName(month: number, like: string): string {
  const full = MONTHS[month]!;
  let name: string;
  if (like.length > 4 || (like.length === 4 && !/^sept$/i.test(like))) name = full;
  else if (/^sept$/i.test(like) && month === 8) name = 'sept';
  else name = full.slice(0, 3);
  if (like === like.toUpperCase()) return name.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return name[0]!.toUpperCase() + name.slice(1);
  return name;
}
