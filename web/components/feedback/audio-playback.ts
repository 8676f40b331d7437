import { toast } from '@web/components/ui/use-toast';
import { readItem, STORAGE_KEYS, writeItem } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/** The speeds a listener may choose: slower to follow a long comment, faster to skim one. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

function storedRate(): PlaybackRate {
  const stored = Number(readItem(STORAGE_KEYS.playbackRate));
  return PLAYBACK_RATES.find((rate) => rate === stored) ?? 1;
}

/**
 * One audio element for the whole page, so only one clip can ever play (decision 0009):
 * starting a clip stops the one before, and a clip that ends returns to stopped.
 */
export interface PlaybackState {
  /** The clip that owns the player, or null when stopped. */
  clipId: string | null;
  status: 'stopped' | 'loading' | 'playing' | 'paused';
  /** Seconds into the current clip. */
  position: number;
  /** The clip's length as the browser measured it, once known (null before). */
  length: number | null;
  /** The speed every clip on the page plays at (one player, one speed). */
  rate: PlaybackRate;
}

const STOPPED: Omit<PlaybackState, 'rate'> = {
  clipId: null,
  status: 'stopped',
  position: 0,
  length: null,
};
const SERVER_STATE: PlaybackState = { ...STOPPED, rate: 1 };

let state: PlaybackState = { ...STOPPED, rate: 1 };
let rateRead = false;
let audio: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<PlaybackState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function playbackFailed() {
  set(STOPPED);
  toast({
    title: 'Playback failed',
    description: 'Failed to play audio feedback. Please try again.',
    variant: 'destructive',
  });
}

function player(): HTMLAudioElement {
  if (audio) return audio;
  const element = new Audio();
  element.preload = 'none';
  // In the page (never shown: it has no controls) so the one player can be found and inspected.
  element.hidden = true;
  element.dataset.feedbackPlayer = '';
  // Spoken words stay at the speaker's pitch when sped up or slowed down.
  element.preservesPitch = true;
  element.playbackRate = state.rate;
  element.defaultPlaybackRate = state.rate;
  document.body.append(element);
  element.addEventListener('playing', () => set({ status: 'playing' }));
  // Pauses we start ourselves set the state first; this catches the others (media keys).
  // A pause left over from the previous clip must not mark the next one, still loading, paused.
  element.addEventListener('pause', () => {
    if (state.status === 'playing' && !element.ended) set({ status: 'paused' });
  });
  element.addEventListener('timeupdate', () => set({ position: element.currentTime }));
  element.addEventListener('durationchange', () => {
    if (Number.isFinite(element.duration)) set({ length: element.duration });
  });
  element.addEventListener('ended', () => set(STOPPED));
  element.addEventListener('error', () => {
    // An element with no source also fires error when we clear it on stop: not a failure.
    if (state.clipId) playbackFailed();
  });
  audio = element;
  return element;
}

/**
 * An audio address may be absolute (built from the server's public URL). The page's
 * Content-Security-Policy allows media from its own origin only, so a recording of ours
 * (any address under /api/) is always fetched by path, whichever host name the visitor used.
 */
export function sameOriginAudioUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname.startsWith('/api/') ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}

export function toggleClip(clipId: string, url: string): void {
  const element = player();
  if (state.clipId === clipId && (state.status === 'playing' || state.status === 'loading')) {
    set({ status: 'paused' });
    element.pause();
    return;
  }
  if (state.clipId !== clipId) {
    element.pause();
    element.src = sameOriginAudioUrl(url);
    set({ clipId, status: 'loading', position: 0, length: null });
  } else {
    set({ status: 'loading' });
  }
  element.play().catch((error: unknown) => {
    // A pause or a newer clip interrupting this play() is not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    if (state.clipId === clipId) playbackFailed();
  });
}

/**
 * Moves a clip to `seconds`. A clip that is not yet the current one becomes it, paused there,
 * so Play starts from the chosen place.
 */
export function seekClip(clipId: string, url: string, seconds: number): void {
  const element = player();
  const position = Math.max(0, seconds);
  if (state.clipId !== clipId) {
    element.pause();
    element.src = sameOriginAudioUrl(url);
    set({ clipId, status: 'paused', position, length: null });
  } else {
    set({ position });
  }
  element.currentTime = position;
}

/**
 * Sets the speed of the one player, for the clip playing now and every clip after it, and
 * keeps it for the listener's next visit.
 */
export function setPlaybackRate(rate: PlaybackRate): void {
  if (!PLAYBACK_RATES.includes(rate)) return;
  writeItem(STORAGE_KEYS.playbackRate, String(rate));
  if (audio) {
    // A new source starts at the default rate: both are set, so the next clip keeps it.
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }
  set({ rate });
}

export function currentClipId(): string | null {
  return state.clipId;
}

/** Stops whatever plays, e.g. when the page that owns the clips goes away. */
export function stopPlayback(): void {
  if (!audio || state.clipId === null) return;
  set(STOPPED);
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
}

function subscribe(listener: () => void) {
  // The stored speed is read when the first player subscribes, not at import (no window on
  // the server's prerender, and storage may throw).
  if (!rateRead) {
    rateRead = true;
    const rate = storedRate();
    if (rate !== state.rate) state = { ...state, rate };
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePlayback(): PlaybackState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}
