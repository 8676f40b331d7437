import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { TeacherArea } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const render = () => {
  // The public pages (/, /login, /student) arrive prerendered (web/build/prerender.ts):
  // React takes over the markup that is already painted instead of painting it again.
  if (root.firstElementChild && !('loading' in root.dataset)) hydrateRoot(root, app);
  // Otherwise a route shell's loading screen (data-loading), or nothing, is replaced. As a
  // transition: React renders the page in slices, so a tap or a key is never kept waiting.
  else startTransition(() => createRoot(root).render(app));
};
const path = window.location.pathname;
if (path === '/teacher' || path.startsWith('/teacher/')) {
  // A teacher's page renders once its code is here: nothing suspends, so React has no
  // fallback to hold for its 300 ms throttle (decision 0034).
  Promise.all([
    import('./app/teacher-start').then((start) => start.startTeacherAddress(path)),
    TeacherArea.preload(),
  ]).then(render, render);
} else render();
