import { NotFoundPage } from '@web/features/not-found/components/not-found-page';

export function StandaloneNotFound() {
  return (
    <main id="main-content" className="min-h-dvh">
      <NotFoundPage />
    </main>
  );
}
