import type { Region } from '@contract/feedback';
import { drawingLabel } from '@contract/ink';

/** "Region on page N" (or "Drawing on page N") with the small picture of it, in feedback lists. */
export function RegionThumbnail({
  region,
  cropUrl,
  drawing = false,
}: {
  region: Region;
  cropUrl: string | null | undefined;
  drawing?: boolean;
}) {
  return (
    <figure className="mt-3 space-y-1">
      {cropUrl ? (
        <img
          src={cropUrl}
          alt={
            drawing
              ? `The drawing on page ${region.page}`
              : `The marked region on page ${region.page}`
          }
          className="max-h-36 max-w-full rounded border border-slate-300 bg-white object-contain"
          loading="lazy"
        />
      ) : null}
      <figcaption className="text-xs font-medium text-slate-700">
        {drawing ? drawingLabel(region.page) : `Region on page ${region.page}`}
      </figcaption>
    </figure>
  );
}
