/**
 * Where each feedback number goes in the page's margin: level with the first line of its
 * passage, moved down just enough not to cover the number above it (two passages starting
 * on one line get numbers one under the other). Tops and heights are percent of the page's
 * height, as the highlight boxes are.
 */
export function marginSlots(
  wanted: { id: number; top: number }[],
  badgeHeight: number,
): Map<number, number> {
  const slots = new Map<number, number>();
  let nextFree = Number.NEGATIVE_INFINITY;
  const sorted = [...wanted].sort((a, b) => a.top - b.top || a.id - b.id);
  for (const { id, top } of sorted) {
    const at = Math.max(top, nextFree);
    slots.set(id, at);
    nextFree = at + badgeHeight;
  }
  return slots;
}
