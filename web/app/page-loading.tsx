/*
 * What shows while a page's code is on its way. Inside a shell the navigation stays
 * put and only the content area waits; a standalone page waits full screen. Both are
 * announced politely to screen readers.
 */

function Spinner() {
  return (
    <span
      className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
      aria-hidden="true"
    />
  );
}

/** Inside a shell, where the shell already provides the <main> landmark. */
export function PageLoading() {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 py-16">
      <Spinner />
      <p role="status" className="text-sm font-medium text-slate-700">
        Loading page...
      </p>
    </div>
  );
}

/** A page of its own (pupil, parent, sign-in): fills the screen. */
export function ScreenLoading() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4">
      <Spinner />
      <p role="status" className="text-sm font-medium text-slate-700">
        Loading page...
      </p>
    </main>
  );
}
