import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createExplorerApi } from './api';
import { ExplorerApp } from './ExplorerApp';
import { createReads, ReadsContext } from './reads';
import '../styles.css';
import './explorer.css';

/** Where the API is: the server writes it into the page's meta tag; the dev server leaves the default. */
function apiBaseOf(doc: Document): string {
  try {
    const config = JSON.parse(doc.querySelector('meta[name="app-config"]')?.getAttribute('content') ?? '') as {
      apiBase?: unknown;
    };
    return typeof config.apiBase === 'string' ? config.apiBase : '/api';
  } catch {
    return '/api';
  }
}

const config = { apiBase: apiBaseOf(document) };
const api = createExplorerApi(config.apiBase);
const reads = createReads();
document.documentElement.lang = 'en';
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ReadsContext value={reads}>
      <ExplorerApp api={api} apiBase={config.apiBase} pagePath={window.location.pathname} />
    </ReadsContext>
  </StrictMode>,
);
