/**
 * Whether an address (a path, with or without a query or a trailing slash) is a route's,
 * written as wouter writes them: each `:name` stands for one non-empty segment, and
 * letters match in either case, as wouter matches them.
 */
export function routeMatches(route: string, address: string): boolean {
  const path = address.split(/[?#]/)[0] ?? '';
  const want = route.split('/');
  const got = (path.length > 1 ? path.replace(/\/$/, '') : path).split('/');
  return (
    want.length === got.length &&
    want.every((part, i) =>
      part.startsWith(':') ? got[i] !== '' : part.toLowerCase() === got[i]?.toLowerCase(),
    )
  );
}
