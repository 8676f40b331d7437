/*
 * Capability links: one system for every expiring address that opens something without an
 * account (a document's shared feedback, a parent report): hashed keys, expiry, revocation,
 * and the log of openings, written in batches (LinkViewRecorder).
 */
export {
  createLink,
  findLiveLink,
  LINK_KEY_PATTERN,
  type LinkRow,
  type LinkSubject,
  type LinkWithViews,
  linkApiPath,
  linkPageUrl,
  listLinks,
  revokeLink,
} from './links';
export { linksOpening, newestLinks, openingsBetween, viewsOf } from './queries';
export { type FirstOpening, LinkViewRecorder, type ViewRecorderOptions } from './view-recorder';
