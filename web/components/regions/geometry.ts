import type { Region } from '@contract/feedback';
import { MIN_REGION_SIZE } from '@contract/region-limits';

/** A region being drawn or moved: shares of the page from its top-left corner. */
export type Box = Omit<Region, 'page'>;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Three decimals: a tenth of a percent of the page is finer than any pointer. */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The rectangle between two points of a drag, inside the page. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  const x1 = clamp(Math.min(a.x, b.x), 0, 1);
  const y1 = clamp(Math.min(a.y, b.y), 0, 1);
  const x2 = clamp(Math.max(a.x, b.x), 0, 1);
  const y2 = clamp(Math.max(a.y, b.y), 0, 1);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** Where a pointer is on an element, in shares of its size. */
export function pointIn(element: Element, event: { clientX: number; clientY: number }) {
  const rect = element.getBoundingClientRect();
  return {
    x: clamp((event.clientX - rect.left) / Math.max(1, rect.width), 0, 1),
    y: clamp((event.clientY - rect.top) / Math.max(1, rect.height), 0, 1),
  };
}

export const bigEnough = (box: Box) =>
  box.width >= MIN_REGION_SIZE && box.height >= MIN_REGION_SIZE;

/** A box the server accepts: rounded, at least the minimum size, inside the page. */
export function settle(box: Box, page: number): Region {
  const width = round(clamp(box.width, MIN_REGION_SIZE, 1));
  const height = round(clamp(box.height, MIN_REGION_SIZE, 1));
  return {
    page,
    x: round(clamp(box.x, 0, 1 - width)),
    y: round(clamp(box.y, 0, 1 - height)),
    width,
    height,
  };
}

const STEP = 0.02;

/**
 * The keyboard's way to draw: arrows move the box, Shift+arrows resize it (right and
 * down grow it), by 2 % of the page a press. Returns null for keys it does not handle.
 */
export function nudge(box: Box, key: string, resize: boolean): Box | null {
  const dx = key === 'ArrowLeft' ? -STEP : key === 'ArrowRight' ? STEP : 0;
  const dy = key === 'ArrowUp' ? -STEP : key === 'ArrowDown' ? STEP : 0;
  if (!dx && !dy) return null;
  if (resize) {
    const width = clamp(box.width + dx, 0.05, 1 - box.x);
    const height = clamp(box.height + dy, 0.05, 1 - box.y);
    return { ...box, width, height };
  }
  return {
    ...box,
    x: clamp(box.x + dx, 0, 1 - box.width),
    y: clamp(box.y + dy, 0, 1 - box.height),
  };
}

/** CSS placing a box over the page it belongs to. */
export function boxStyle(box: Box) {
  return {
    left: `${box.x * 100}%`,
    top: `${box.y * 100}%`,
    width: `${box.width * 100}%`,
    height: `${box.height * 100}%`,
  };
}
