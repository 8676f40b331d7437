/**
 * Delaunay triangulation (Bowyer-Watson) of a few hundred points: the face mesh's
 * topology, computed once per process from the canonical face. Returns vertex index
 * triples, counter-clockwise in image coordinates (y down).
 */
export function delaunay(points: ReadonlyArray<{ x: number; y: number }>): number[][] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY) || 1;
  const cx = minX + span / 2;
  const cy = minY + span / 2;
  // A super-triangle far outside every point; its corners are dropped at the end.
  const all = [
    ...points,
    { x: cx - 20 * span, y: cy - span },
    { x: cx + 20 * span, y: cy - span },
    { x: cx, y: cy + 20 * span },
  ];
  const n = points.length;
  type Tri = { a: number; b: number; c: number; ox: number; oy: number; r2: number };
  const circle = (a: number, b: number, c: number): Tri => {
    const A = all[a] as { x: number; y: number };
    const B = all[b] as { x: number; y: number };
    const C = all[c] as { x: number; y: number };
    const d = 2 * (A.x * (B.y - C.y) + B.x * (C.y - A.y) + C.x * (A.y - B.y));
    const a2 = A.x * A.x + A.y * A.y;
    const b2 = B.x * B.x + B.y * B.y;
    const c2 = C.x * C.x + C.y * C.y;
    const ox = (a2 * (B.y - C.y) + b2 * (C.y - A.y) + c2 * (A.y - B.y)) / d;
    const oy = (a2 * (C.x - B.x) + b2 * (A.x - C.x) + c2 * (B.x - A.x)) / d;
    return { a, b, c, ox, oy, r2: (A.x - ox) ** 2 + (A.y - oy) ** 2 };
  };
  let triangles: Tri[] = [circle(n, n + 1, n + 2)];
  for (let i = 0; i < n; i++) {
    const p = all[i] as { x: number; y: number };
    const bad: Tri[] = [];
    const kept: Tri[] = [];
    for (const t of triangles) {
      if ((p.x - t.ox) ** 2 + (p.y - t.oy) ** 2 < t.r2 * (1 + 1e-9)) bad.push(t);
      else kept.push(t);
    }
    // The hole's boundary: edges of bad triangles that no other bad triangle shares.
    const edges = new Map<string, [number, number]>();
    for (const t of bad) {
      for (const [u, v] of [
        [t.a, t.b],
        [t.b, t.c],
        [t.c, t.a],
      ] as Array<[number, number]>) {
        const key = u < v ? `${u},${v}` : `${v},${u}`;
        if (edges.has(key)) edges.delete(key);
        else edges.set(key, [u, v]);
      }
    }
    for (const [u, v] of edges.values()) kept.push(circle(u, v, i));
    triangles = kept;
  }
  return triangles
    .filter((t) => t.a < n && t.b < n && t.c < n)
    .map((t) => {
      const A = points[t.a] as { x: number; y: number };
      const B = points[t.b] as { x: number; y: number };
      const C = points[t.c] as { x: number; y: number };
      const cross = (B.x - A.x) * (C.y - A.y) - (B.y - A.y) * (C.x - A.x);
      return cross > 0 ? [t.a, t.b, t.c] : [t.a, t.c, t.b];
    });
}
