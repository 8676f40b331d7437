/*
 * A pupil's grade, without zod: the pages import these, and a module that declares schemas
 * would bring zod and every schema into the page (decision 0031).
 */

/** Grades K (Kindergarten) and 1 to 12. */
export const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const gradeLabel = (grade: string) => (grade === 'K' ? 'K (Kindergarten)' : grade);
