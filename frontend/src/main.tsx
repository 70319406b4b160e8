// The SPA's entry, kept tiny: it starts loading what the first screen needs, all at once, then hands over to
// app/start-app.tsx, which renders the landing page at `/` with React alone and the router for every other path
// (docs/decisions/003). React and the landing page come with index.html's own preloads (vite.config.ts), so `/` waits
// for nothing more; on other paths the router and the first screen's modules load beside React instead of after it.
import './styles/global.css';
import './styles/frame.css';
import './styles/sections.css';
import './styles/admin-shell.css';
import './styles/components.css';
import './styles/content-pages.css';
import './styles/tables.css';
import './styles/forms.css';
import './styles/app-chrome.css';
import './styles/dialogs.css';
import { loadAppRouter, preloadFirstScreen } from './app/first-screen-modules';

if (window.location.pathname !== '/') {
  // A module that fails to load here is start-app's to report: it imports the router again and shows the app-update
  // screen (app/first-screen-modules.ts).
  loadAppRouter().catch(() => undefined);
  preloadFirstScreen(window.location.pathname);
  // The first screen's own calls (only /pie's today), beside the session question rather than after it.
  import('./app/first-screen-data')
    .then(({ prefetchFirstScreenData }) => prefetchFirstScreenData(window.location.pathname))
    .catch(() => undefined);
}

const { startApp } = await import('./app/start-app');
await startApp();
