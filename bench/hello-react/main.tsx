// Baseline for the page-weight benchmark: the smallest React 19 app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <h1>Hello, world</h1>
  </StrictMode>,
);
