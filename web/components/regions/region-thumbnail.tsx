import type { Region } from '@contract/feedback';

/** "Region on page N" with the small picture of it, in feedback lists. */
export function RegionThumbnail({
  region,
  cropUrl,
}: {
  region: Region;
  cropUrl: string | null | undefined;
}) {
  return (
    <figure className="mt-3 space-y-1">
      {cropUrl ? (
        <img
          src={cropUrl}
          alt={`The marked region on page ${region.page}`}
          className="max-h-36 max-w-full rounded border border-slate-300 bg-white object-contain"
          loading="lazy"
        />
      ) : null}
      <figcaption className="text-xs font-medium text-slate-700">
        Region on page {region.page}
      </figcaption>
    </figure>
  );
}
