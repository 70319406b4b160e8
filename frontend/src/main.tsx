// The SPA's entry, kept tiny: it starts loading what the first screen needs, all at once, then hands over to
// app/start-app.tsx, which renders the landing page at `/` with React alone and the router for every other path
// (docs/decisions/003). React and the landing page come with index.html's own preloads (vite.config.ts), so `/` waits
// for nothing more; on other paths the router and the first screen's modules load beside React instead of after it.
import './styles/global.css';
import './styles/frame.css';
import './styles/components.css';
import { loadAppRouter, preloadFirstScreen } from './app/first-screen-modules';

if (window.location.pathname !== '/') {
  // A module that fails to load here is start-app's to report: it imports the router again and shows the app-update
  // screen (app/first-screen-modules.ts).
  loadAppRouter().catch(() => undefined);
  preloadFirstScreen(window.location.pathname);
}

const { startApp } = await import('./app/start-app');
await startApp();
