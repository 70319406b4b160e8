// The SPA's entry. The landing page at `/` renders on its own, with React alone: the router and every area load
// only for other paths, which keeps the first load of the most visited page small (docs/decisions/003).
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingPage } from './app/routes/landing/landing-page';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount OpenPie into');
const root = createRoot(container);

if (window.location.pathname === '/') {
  root.render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
} else {
  const { AppRouter } = await import('./app/app-router');
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
}
