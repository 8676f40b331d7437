import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { BookOpenCheck, CircleCheck, Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { HandedIn } from './hand-in-form';

interface HandInSuccessProps {
  result: HandedIn;
  markedWorkHref: string;
  onHandInAnother: () => void;
}

export function HandInSuccess({ result, markedWorkHref, onHandInAnother }: HandInSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the pupil was in has gone: put them on the news, for screen readers too.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card className="p-6 text-center sm:p-8">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700">
        <CircleCheck className="size-8" aria-hidden="true" />
      </span>
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-xl font-bold text-slate-900 outline-none"
      >
        Your work has been handed in
      </h2>
      <p className="mt-2 text-base text-slate-700">
        <span className="font-semibold">“{result.title}”</span> is with your teacher now.
        You&apos;ll see their feedback under View Marked Work once they have marked it.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button
          type="button"
          className={buttonClasses({ variant: 'outline' })}
          onClick={onHandInAnother}
        >
          <Upload aria-hidden="true" />
          Hand in another piece of work
        </button>
        <Link href={markedWorkHref} className={buttonClasses()}>
          <BookOpenCheck aria-hidden="true" />
          View marked work
        </Link>
      </div>
    </Card>
  );
}
