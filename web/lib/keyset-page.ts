import {
  DOCUMENTS_NEXT_CURSOR_HEADER as NEXT_CURSOR_HEADER,
  DOCUMENTS_TOTAL_HEADER as TOTAL_HEADER,
} from '@contract/document-constants';
import { apiFetchWithHeaders } from './api';

/** One page of a list the server pages by keyset: its rows, the total, the next page's cursor. */
export interface KeysetPage<Row> {
  rows: Row[];
  /** How many rows the filters match in all, loaded or not. */
  total: number;
  nextCursor: string | null;
}

/** A list's address with its filters and cursor; empty ones are left out. */
export function keysetPagePath(
  base: string,
  params: Record<string, string | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * Reads one page: the rows are the answer's body, the total and the next cursor travel in
 * its headers (the documents list and the administrator's teacher list alike).
 */
export async function fetchKeysetPage<Row>(
  path: string,
  signal?: AbortSignal,
): Promise<KeysetPage<Row>> {
  const { data, headers } = await apiFetchWithHeaders<Row[]>(path, { signal });
  return {
    rows: data ?? [],
    total: Number(headers.get(TOTAL_HEADER) ?? data?.length ?? 0),
    nextCursor: headers.get(NEXT_CURSOR_HEADER),
  };
}
