import type { BankComment } from '@contract/marking';
import { MAX_BANK_COMMENT_LENGTH } from '@contract/marking-limits';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useId, useState } from 'react';
import {
  searchBank,
  useCommentBank,
  useDeleteBankComment,
  useUpdateBankComment,
} from '../api/comment-bank';

/** The teacher's comment bank, to tidy: each comment can be reworded or removed. */
export function CommentBankDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const bank = useCommentBank();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const comments = searchBank(bank.data ?? [], query);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Your comment bank</DialogTitle>
          <DialogDescription>
            Comments you keep to use again, most used first. Feedback you already saved keeps its
            words when you change or remove a comment here.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={searchId}>Search</Label>
          <Input
            id={searchId}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Words in the comment"
          />
        </div>
        {bank.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            Loading your comments…
          </p>
        ) : comments.length === 0 ? (
          <p className="text-sm text-slate-700">
            {query ? `No comment holds “${query}”.` : 'Your comment bank is empty.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {comments.map((comment) => (
              <BankRow key={comment.id} comment={comment} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BankRow({ comment }: { comment: BankComment }) {
  const update = useUpdateBankComment();
  const remove = useDeleteBankComment();
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const short = comment.text.length > 40 ? `${comment.text.slice(0, 40)}…` : comment.text;
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  if (editing) {
    return (
      <li className="space-y-2 p-3">
        <Label htmlFor={editId}>Comment</Label>
        <Textarea
          id={editId}
          value={draft}
          maxLength={MAX_BANK_COMMENT_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="flex gap-2">
          <Button
            size="sm"
            disabled={!draft.trim() || update.isPending}
            onClick={() =>
              update.mutate(
                { id: comment.id, text: draft.trim() },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast({ title: 'Comment updated' });
                  },
                  onError: failed('Comment not updated'),
                },
              )
            }
          >
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </li>
    );
  }
  return (
    <li className="p-3">
      <p className="text-sm whitespace-pre-wrap text-slate-900">{comment.text}</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="text-xs text-slate-600">
          {comment.uses === 0
            ? 'Not used yet'
            : comment.uses === 1
              ? 'Used once'
              : `Used ${comment.uses} times`}
        </span>
        {confirming ? (
          <>
            <span className="text-xs font-medium text-slate-900">Remove this comment?</span>
            <Button
              variant="link"
              size="sm"
              className="text-red-700"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(comment.id, {
                  onSuccess: () => toast({ title: 'Comment removed from your bank' }),
                  onError: failed('Comment not removed'),
                })
              }
            >
              Remove
            </Button>
            <Button variant="link" size="sm" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="link"
              size="sm"
              aria-label={`Edit “${short}”`}
              onClick={() => {
                setDraft(comment.text);
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button
              variant="link"
              size="sm"
              className="text-red-700"
              aria-label={`Remove “${short}”`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
