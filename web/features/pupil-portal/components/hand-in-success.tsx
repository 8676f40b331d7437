import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { BookOpenCheck, CircleCheck, Printer, Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { HandedIn } from './hand-in-form';

interface HandInSuccessProps {
  result: HandedIn;
  markedWorkHref: string;
  onHandInAnother: () => void;
}

/**
 * Shown once, at the first hand-in: the code that keeps a classmate out of their work. It can
 * be printed on its own (the rest of the page is left off the paper) to keep or hand in.
 */
function PupilCode({ code, pupil }: { code: string; pupil: string }) {
  return (
    <div className="print-only-this mx-auto mt-5 max-w-md rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-left">
      <p className="text-sm font-semibold text-indigo-900">Your personal code</p>
      <p className="hidden text-sm text-indigo-900 print:block">For {pupil}, Classroom Voice</p>
      <p className="mt-1 font-mono text-2xl font-bold tracking-[0.3em] text-indigo-900">
        <span aria-hidden="true">{code}</span>
        {/* Spelled out, so a screen reader reads each character rather than a word. */}
        <span className="sr-only">{code.split('').join(' ')}</span>
      </p>
      <p className="mt-2 text-sm text-indigo-900">
        Write it down and keep it to yourself. Your teacher may ask for it when you view your marked
        work. This is the only time it is shown here; your teacher can tell you it again.
      </p>
      <button
        type="button"
        className={buttonClasses({
          variant: 'outline',
          size: 'sm',
          className: 'mt-3 print:hidden',
        })}
        onClick={() => window.print()}
      >
        <Printer aria-hidden="true" />
        Print my code
      </button>
    </div>
  );
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
      {result.pupilCode ? (
        <PupilCode
          code={result.pupilCode}
          pupil={`${result.firstName} ${result.surnameInitials}`}
        />
      ) : null}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button
          type="button"
          className={buttonClasses({ variant: 'outline' })}
          onClick={onHandInAnother}
        >
          <Upload aria-hidden="true" />
          Hand in another piece of work
        </button>
        <Link
          href={markedWorkHref}
          state={result.pupilCode ? { pupilCode: result.pupilCode } : undefined}
          className={buttonClasses()}
        >
          <BookOpenCheck aria-hidden="true" />
          View marked work
        </Link>
      </div>
    </Card>
  );
}
