import { useState } from 'react';
import { PageFrame } from './page-frame';
import type { PageViewProps } from './types';

/** A photo as handed in: one page, no text layer (the regions overlay marks it). */
export function ImagePage({
  url,
  label,
  renderPageOverlay,
  onRendered,
}: Pick<PageViewProps, 'label' | 'renderPageOverlay' | 'onRendered'> & { url: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const info = {
    pageNumber: 1,
    width: size?.width ?? 3,
    height: size?.height ?? 4,
    hasTextLayer: false,
  };
  return (
    <PageFrame info={info} renderPageOverlay={size ? renderPageOverlay : undefined}>
      <img
        src={url}
        alt={label}
        className="absolute inset-0 size-full object-contain"
        onLoad={(event) => {
          const image = event.currentTarget;
          setSize({ width: image.naturalWidth, height: image.naturalHeight });
          onRendered?.();
        }}
      />
    </PageFrame>
  );
}
