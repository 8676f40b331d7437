import { getDayOfYear } from 'date-fns';

export interface Tip {
  id: string;
  title: string;
  description: string;
  route: string;
  /** Tailwind classes of the tip's icon tile. */
  tone: string;
}

// The six onboarding tips, in a fixed order; the daily one is day-of-year modulo 6.
export const TIPS: readonly Tip[] = [
  {
    id: 'voice-cloning',
    title: 'Voice Cloning',
    description: 'Record a short sample of your voice so feedback and reports can speak like you.',
    route: '/teacher/profile',
    tone: 'bg-indigo-50 text-indigo-700',
  },
  {
    id: 'avatar-creation',
    title: 'Avatar Creation',
    description: 'Add a photo to create the avatar that presents your parent reports as video.',
    route: '/teacher/profile',
    tone: 'bg-violet-50 text-violet-700',
  },
  {
    id: 'pupil-management',
    title: 'Pupil Management',
    description: 'Keep your pupil directory up to date so work and reports reach the right child.',
    route: '/teacher/students',
    tone: 'bg-emerald-50 text-emerald-700',
  },
  {
    id: 'classroom-keys',
    title: 'Classroom Keys',
    description: 'Share your classroom passphrase so pupils can hand in work without an account.',
    route: '/teacher/settings',
    tone: 'bg-amber-50 text-amber-800',
  },
  {
    id: 'ai-lesson-suggestions',
    title: 'AI Lesson Suggestions',
    description: 'Ask for suggestions that fill gaps and add review sessions to your week.',
    route: '/teacher/lesson-planner',
    tone: 'bg-sky-50 text-sky-800',
  },
  {
    id: 'email-reports',
    title: 'Email Reports',
    description: 'Send a finished parent report by e-mail straight from Parent Reports.',
    route: '/teacher/parent-reports',
    tone: 'bg-rose-50 text-rose-700',
  },
];

export function tipOfTheDay(date: Date = new Date()): Tip {
  return TIPS[getDayOfYear(date) % TIPS.length] as Tip;
}
