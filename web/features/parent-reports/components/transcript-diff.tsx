import { useMemo } from 'react';
import { removedWordCount, wordDiff } from '../hooks/word-diff';

/** Before/after: removed words struck through, added words underlined, each named for screen readers. */
export function TranscriptDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => {
    // Keys from each part's place in the text: parts never move, they are re-made.
    let offset = 0;
    return wordDiff(before, after).map((part) => {
      const key = `${part.kind}-${offset}`;
      offset += part.text.length + 1;
      return { ...part, key, first: key.endsWith('-0') };
    });
  }, [before, after]);
  const removed = removedWordCount(parts);
  if (!before.trim()) return null;
  return (
    <section aria-label="What the enhancer changed" className="space-y-1.5">
      <h4 className="text-sm font-medium text-slate-800">Changes</h4>
      <p className="text-xs text-slate-600">
        {removed === 0
          ? 'Nothing was removed.'
          : `${removed} ${removed === 1 ? 'word' : 'words'} removed (struck through).`}
      </p>
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm leading-relaxed text-slate-800">
        {parts.map((part) => {
          const space = part.first ? '' : ' ';
          if (part.kind === 'removed')
            return (
              <span key={part.key}>
                {space}
                <del className="rounded bg-red-100 px-0.5 text-red-800 decoration-red-700">
                  <span className="sr-only">[removed: </span>
                  {part.text}
                  <span className="sr-only">]</span>
                </del>
              </span>
            );
          if (part.kind === 'added')
            return (
              <span key={part.key}>
                {space}
                <ins className="rounded bg-green-100 px-0.5 text-green-800">
                  <span className="sr-only">[added: </span>
                  {part.text}
                  <span className="sr-only">]</span>
                </ins>
              </span>
            );
          return (
            <span key={part.key}>
              {space}
              {part.text}
            </span>
          );
        })}
      </p>
    </section>
  );
}
