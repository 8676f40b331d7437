/**
 * A saved report's video (the parent's page and the View dialog). Its captions are burned
 * into the picture; the track is offered for tools that read text, off by default.
 */
export function ReportVideo({
  videoUrl,
  captionsUrl,
  title = 'Report video',
}: {
  videoUrl: string;
  captionsUrl: string | null;
  title?: string;
}) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the captions track is added whenever the renderer made one
    <video
      controls
      preload="metadata"
      // iPhones otherwise take the video full screen on play, away from the report's text.
      playsInline
      src={videoUrl}
      aria-label={title}
      className="mx-auto aspect-square w-full max-w-md rounded-lg bg-slate-900"
    >
      {captionsUrl ? (
        <track kind="captions" src={captionsUrl} srcLang="en" label="English" />
      ) : null}
    </video>
  );
}
