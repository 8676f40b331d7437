/*
 * How long a teacher's recordings may be, without zod: the recorder (which stops by itself
 * at the limit), the server's upload check and the server's cut-off all read these, so
 * the three can never disagree.
 */

/** An audio comment on a passage, a region or a drawing: up to three minutes. */
export const FEEDBACK_RECORDING_SECONDS = 180;

/**
 * A recorder stopped at the limit hands over a clip a little longer than it (the encoder's
 * last frames, a timer that fired late). Up to this much over, the server cuts the clip at
 * the limit; further over, it was not made by our recorder and is refused.
 */
export const RECORDING_GRACE_SECONDS = 5;

/** The longest clip the server accepts before cutting it to the limit. */
export const MAX_RECORDING_SECONDS = FEEDBACK_RECORDING_SECONDS + RECORDING_GRACE_SECONDS;

/** Text a synthesized voice says: about two minutes of speech, the ceiling of a recording. */
export const MAX_SPOKEN_TEXT_CHARS = 2000;
