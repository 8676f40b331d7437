import { NotFoundPage } from '@web/features/not-found';
export function StandaloneNotFound() {
  return (
    <main id="main-content" className="min-h-dvh">
      <NotFoundPage />
    </main>
  );
}
