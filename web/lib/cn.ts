import { type ClassValue, clsx } from 'clsx';

/** Joins class names; primitives keep their base classes free of conflicts with callers'. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
