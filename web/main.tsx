import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const path = window.location.pathname;
if (path === '/teacher' || path.startsWith('/teacher/')) {
  void import('./app/teacher-start').then(
    (start) => start.startTeacherAddress(path),
    () => {},
  );
}
// The public pages (/, /login, /student) arrive prerendered (web/build/prerender.ts):
// React takes over the markup that is already painted instead of painting it again.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
