// Entry point: reads the environment (fails fast on a half-configured Shopify setup), reloads once
// when a lazy chunk is gone after a deploy (Vite's vite:preloadError), and mounts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './config/env';
import { installPreloadErrorHandler } from './lib/chunk-reload';
import './styles/base.css';

installPreloadErrorHandler();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
