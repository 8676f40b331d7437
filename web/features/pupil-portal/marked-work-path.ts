/** /student/feedback/{keyId}?firstName=..&surnameInitials=.. (the spec's address). */
export function markedWorkPath(keyId: string, firstName: string, surnameInitials: string): string {
  const query = new URLSearchParams({ firstName, surnameInitials });
  return `/student/feedback/${encodeURIComponent(keyId)}?${query.toString()}`;
}
