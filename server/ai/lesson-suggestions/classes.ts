/*
 * Classes and year groups as schools write them: a teaching group ("9Y1", "10E1", "7X2"),
 * a year group ("Year 4", "Y4", "Yr 4"), or the pupil directory's year group. A lesson's
 * class is its Class field, else one its title names; the teacher's classes are those of
 * the week's lessons.
 */

/** "9Y1", "10E1", "11Z3", "7C3", "8B2": a year, a set or form letter or two, a number. */
const TEACHING_GROUP = /(?<![\p{L}\p{N}])(1[0-3]|[1-9])([A-Z]{1,3})(\d{1,2})?(?![\p{L}\p{N}])/gu;
const YEAR_GROUP = /(?<![\p{L}\p{N}])(?:year|yr|y)\s?(1[0-3]|[1-9])(?![\p{L}\p{N}])/iu;
/** "3D shapes", "2D", "4K video": a number and letters that are not a class. */
const NOT_A_CLASS = new Set(['2D', '3D', '4K', '1ST', '2ND', '3RD', '4TH', '5TH', '6TH', '7TH']);

/** How two spellings of one class compare: "9y1", "9Y1" and "9 Y1" are the same class. */
export const classKey = (name: string) => name.replace(/\s+/g, '').toUpperCase();

export const sameClass = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && classKey(a) === classKey(b);

/**
 * The class a title names: a teaching group with a number after its letters ("9Y1 Maths",
 * "Maths 10E1") or at the start of the title ("9Y Maths"), else a year group ("Year 4
 * maths" → "Year 4"). Null when it names none.
 */
export function classOfTitle(title: string): string | null {
  for (const match of title.matchAll(TEACHING_GROUP)) {
    const [whole, , , number] = match;
    if (NOT_A_CLASS.has(whole.toUpperCase())) continue;
    if (number || match.index === 0) return whole;
  }
  const year = YEAR_GROUP.exec(title);
  return year ? `Year ${year[1]}` : null;
}

/** The year a class or year group is in: "9Y1" → 9, "Year 4" → 4, "Reception" → 0. */
export function yearOf(name: string | null | undefined): number | null {
  if (!name) return null;
  if (/^\s*reception\b/i.test(name)) return 0;
  const year = YEAR_GROUP.exec(name);
  if (year) return Number(year[1]);
  const group = /^\s*(1[0-3]|[1-9])[A-Z]/i.exec(name);
  return group ? Number(group[1]) : null;
}

/** A pupil directory's US grade ("K", "1"…"12") as the English year group it matches. */
export function yearOfGrade(grade: string | null | undefined): number | null {
  if (!grade) return null;
  if (grade.trim().toUpperCase() === 'K') return 1;
  const number = Number(grade);
  return Number.isInteger(number) && number >= 1 && number <= 12 ? number + 1 : null;
}

export const yearGroupLabel = (year: number) => (year === 0 ? 'Reception' : `Year ${year}`);

/** A lesson's class: its own field, else the one its title names. */
export const classOfLesson = (lesson: { title: string; className?: string | null }) =>
  lesson.className?.trim() || classOfTitle(lesson.title);

/** The distinct classes of the week's lessons, as first written. */
export function classesOfWeek(lessons: { title: string; className?: string | null }[]): string[] {
  const byKey = new Map<string, string>();
  for (const lesson of lessons) {
    const name = classOfLesson(lesson);
    if (name && !byKey.has(classKey(name))) byKey.set(classKey(name), name);
  }
  return [...byKey.values()];
}
