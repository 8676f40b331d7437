import type { SharedFeedbackView } from '../../../contract/sharing';
import { documentPages, originalKindOf } from '../documents';
import { currentRange, presentSharedFeedback } from '../feedback';
import type { loadSharedDocument } from './service';
import { viewMediaPaths } from './view-media';

type Loaded = Awaited<ReturnType<typeof loadSharedDocument>>;

export function teacherDisplayName(teacher: {
  firstName: string | null;
  lastName: string | null;
}): string {
  return [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'Your teacher';
}

/**
 * What leaves the server for a parent or pupil: the text, the feedback and the names a
 * pupil already knows. No e-mail addresses, no internal ids beyond the document's own.
 */
export function presentSharedView(
  loaded: Loaded,
  options: {
    filePath: string | null;
    sharedAt: Date;
    expiresAt: Date | null;
    /** This view's own API address, under which its media are served. */
    viewAddress: string;
  },
): SharedFeedbackView {
  const { document } = loaded;
  const { pages, pageNumbers, pageCount } = documentPages(document);
  const mediaPaths = viewMediaPaths(options.viewAddress);
  return {
    document: {
      id: document.id,
      uniqueId: document.uniqueId,
      title: document.title,
      pages,
      pageNumbers,
      pageCount,
      author: document.author,
      filePath: options.filePath,
      originalKind: originalKindOf(loaded.file?.storageKey),
      totalPages: pages.length,
      hasFeedback: loaded.items.length > 0,
    },
    feedbackItems: loaded.items.map((row) => {
      // Whether a passage changed is for the teacher to sort out, not for the parent.
      const { anchorStatus: _status, ...item } = currentRange(
        pages,
        presentSharedFeedback(row, mediaPaths),
        row,
      );
      return item;
    }),
    mark: loaded.mark,
    teacherName: teacherDisplayName(loaded.teacher),
    sharedAt: options.sharedAt.toISOString(),
    expiresAt: options.expiresAt?.toISOString() ?? null,
  };
}
