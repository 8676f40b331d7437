import type { LessonColor } from '@contract/lesson-plans';
import { Circle, Diamond, Hexagon, type LucideIcon, Square, Triangle } from 'lucide-react';

interface ColorStyle {
  /** Card surface: a 50 tint with 900 text clears WCAG AA for every colour. */
  card: string;
  /** The thick left edge that carries the colour at a glance. */
  edge: string;
  /** Colour is never the only cue: each colour also has a shape and a name. */
  icon: LucideIcon;
  label: string;
}

export const LESSON_COLOR_STYLES: Record<LessonColor, ColorStyle> = {
  blue: {
    card: 'bg-blue-50 text-blue-950',
    edge: 'border-l-blue-600',
    icon: Circle,
    label: 'Blue',
  },
  green: {
    card: 'bg-green-50 text-green-950',
    edge: 'border-l-green-600',
    icon: Square,
    label: 'Green',
  },
  purple: {
    card: 'bg-purple-50 text-purple-950',
    edge: 'border-l-purple-600',
    icon: Triangle,
    label: 'Purple',
  },
  yellow: {
    card: 'bg-amber-50 text-amber-950',
    edge: 'border-l-amber-500',
    icon: Diamond,
    label: 'Yellow',
  },
  red: { card: 'bg-red-50 text-red-950', edge: 'border-l-red-600', icon: Hexagon, label: 'Red' },
};
