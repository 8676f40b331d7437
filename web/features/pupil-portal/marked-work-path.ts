/** /student/feedback/{keyId}?firstName=..&surnameInitials=.. (the address pupils have bookmarked). */
export function markedWorkPath(keyId: string, firstName: string, surnameInitials: string): string {
  const query = new URLSearchParams({ firstName, surnameInitials });
  return `/student/feedback/${encodeURIComponent(keyId)}?${query.toString()}`;
}

/**
 * The personal code travels in the history entry's state, never in the address: it stays
 * out of the browser's history list, server logs and anything shared by copying the link.
 */
export type MarkedWorkState = { pupilCode?: string };

export function pupilCodeFromHistory(): string | undefined {
  const state = window.history.state as MarkedWorkState | null;
  return typeof state?.pupilCode === 'string' ? state.pupilCode : undefined;
}
