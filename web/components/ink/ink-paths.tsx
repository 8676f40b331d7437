import { INK_RGB, type Ink, type InkStroke, inkOpacity, strokePath } from '@contract/ink';

const cssColour = (stroke: InkStroke) =>
  `rgb(${INK_RGB[stroke.colour].map((c) => Math.round(c * 255)).join(' ')})`;

/**
 * Strokes as SVG paths in a box of the page's own size (`width` × `height` units): the
 * same paths, colours and see-through highlighter as the picture the server cuts and the
 * annotated PDF (contract/ink.ts).
 */
export function InkPaths({
  strokes,
  width,
  height,
}: {
  strokes: InkStroke[];
  width: number;
  height: number;
}) {
  return (
    <>
      {strokes.map((stroke, index) => (
        <path
          // Strokes are only ever added or taken off the end: the index is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          d={strokePath(stroke, width, height)}
          fill="none"
          stroke={cssColour(stroke)}
          strokeOpacity={inkOpacity(stroke.tool)}
          strokeWidth={stroke.width * width}
          strokeLinecap="round"
          strokeLinejoin="round"
          style={stroke.tool === 'highlighter' ? { mixBlendMode: 'multiply' } : undefined}
        />
      ))}
    </>
  );
}

/** An SVG covering a page exactly (its viewBox the page's own size), drawing `inks`. */
export function InkSvg({
  inks,
  width,
  height,
  className,
}: {
  inks: Ink[];
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      className={className ?? 'pointer-events-none absolute inset-0 size-full'}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
    >
      {inks.map((ink, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the caller's order is the items' order
        <InkPaths key={index} strokes={ink.strokes} width={width} height={height} />
      ))}
    </svg>
  );
}
