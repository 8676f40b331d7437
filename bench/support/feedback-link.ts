/*
 * A parent's shared feedback link under load: made through the teacher's API on the
 * seeded teacher's newest hand-in, and afterwards the views the server recorded set
 * against the answers the load generators counted. Views are written a moment after the
 * answer, in batches (decision 0048), so the bench must show none were dropped.
 */
import type { Server } from './app-server';
import type { LoadResult } from './load';

export type BenchLink = { path: string; documentId: number };

const jsonHeaders = (server: Server, cookie: string) => ({
  cookie,
  origin: server.url,
  'content-type': 'application/json',
});

export async function feedbackLink(server: Server, cookie: string): Promise<BenchLink> {
  const headers = jsonHeaders(server, cookie);
  const [newest] = (await (
    await fetch(`${server.url}/api/documents?limit=1`, { headers })
  ).json()) as { id: number }[];
  const answer = await fetch(`${server.url}/api/documents/${newest!.id}/share-feedback`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ sendEmail: false }),
  });
  if (!answer.ok) throw new Error(`sharing for the bench: ${answer.status} ${await answer.text()}`);
  const { shareableLink } = (await answer.json()) as { shareableLink: string };
  const key = new URL(shareableLink).pathname.split('/').pop()!;
  return { path: `/api/feedback-view/${key}`, documentId: newest!.id };
}

/** The views the teacher's link list shows for the document's links, summed. */
export async function viewsShown(server: Server, cookie: string, documentId: number) {
  const links = (await (
    await fetch(`${server.url}/api/documents/${documentId}/share-links`, {
      headers: jsonHeaders(server, cookie),
    })
  ).json()) as { viewCount: number }[];
  return links.reduce((sum, link) => sum + link.viewCount, 0);
}

export type ViewsCheck = {
  /** Views added while the measured rounds ran. */
  recorded: number;
  /** 2xx answers the generators counted in those rounds. */
  answered: number;
  /** Requests a generator may have left in flight when it stopped (answered, not counted). */
  inFlight: number;
  allRecorded: boolean;
};

/**
 * Every answered open must be a recorded view. A generator stops with up to one request
 * per connection in flight: the server answers and records those too, uncounted, so the
 * views may exceed the answers by at most that many.
 */
export function checkViews(
  before: number,
  after: number,
  runs: readonly LoadResult[],
  connections: number,
): ViewsCheck {
  const recorded = after - before;
  const answered = runs.reduce((sum, run) => sum + run.requests - run.errors, 0);
  const inFlight = runs.length * connections;
  return {
    recorded,
    answered,
    inFlight,
    allRecorded: recorded >= answered && recorded <= answered + inFlight,
  };
}
