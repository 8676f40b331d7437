import type { BankComment } from '@contract/marking';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { searchBank, useCommentBank } from '../api/comment-bank';

/** Enough to choose from without scrolling; typing narrows the rest down. */
const SHOWN = 8;

const usedLabel = (uses: number) =>
  uses === 0 ? 'Not used yet' : uses === 1 ? 'Used once' : `Used ${uses} times`;

interface CommentBankPickerProps {
  /** The chosen comment goes into the feedback text; focus goes back there. */
  onInsert: (comment: BankComment) => void;
  disabled?: boolean;
}

/**
 * "Insert from comment bank": a combobox (ARIA 1.2) over the teacher's bank, most used
 * first. Typing narrows it to the comments holding every word; Down and Up move through
 * them, Enter inserts the one chosen, Escape closes the list. A mouse or a finger picks
 * one by pressing it.
 */
export function CommentBankPicker({ onInsert, disabled = false }: CommentBankPickerProps) {
  const bank = useCommentBank();
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const comments = bank.data ?? [];
  const matches = useMemo(() => searchBank(comments, query).slice(0, SHOWN), [comments, query]);
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const insert = (comment: BankComment) => {
    setOpen(false);
    setQuery('');
    setActive(0);
    onInsert(comment);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(
        (index) => (Math.max(0, index) + step + matches.length) % Math.max(1, matches.length),
      );
      return;
    }
    if (event.key === 'Enter') {
      // The form around it must not be sent: Enter here means "insert this comment".
      event.preventDefault();
      const chosen = open ? matches[activeIndex] : undefined;
      if (chosen) insert(chosen);
      else setOpen(true);
      return;
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const empty = bank.isSuccess && comments.length === 0;
  const expanded = open && matches.length > 0;
  return (
    <div className="relative space-y-1.5">
      <Label htmlFor={inputId}>Insert from comment bank</Label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
        aria-describedby={hintId}
        disabled={disabled}
        value={query}
        placeholder={empty ? 'Your bank is empty' : 'Search your comments'}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-60"
      />
      <p id={hintId} className="text-xs text-slate-600">
        {empty
          ? 'Write a comment and choose “Save to comment bank” to use it again.'
          : 'Most used first. Down and Up choose, Enter inserts.'}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Comments in your bank"
        hidden={!expanded}
        className="absolute z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {matches.map((comment, index) => (
          // Focus stays in the combobox, which points at the chosen option (aria-activedescendant).
          // biome-ignore lint/a11y/useFocusableInteractive: the option is chosen from the combobox
          <div
            key={comment.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Pressed before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              insert(comment);
            }}
            onMouseEnter={() => setActive(index)}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm',
              index === activeIndex ? 'bg-indigo-50 text-slate-900' : 'text-slate-800',
            )}
          >
            <span className="line-clamp-2">{comment.text}</span>
            <span className="block text-xs text-slate-600">{usedLabel(comment.uses)}</span>
          </div>
        ))}
      </div>
      {open && query && matches.length === 0 && !empty ? (
        <p role="status" className="text-xs text-slate-700">
          No comment in your bank holds “{query}”.
        </p>
      ) : null}
    </div>
  );
}
