import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadTranslations, stylesheetsApplied } from './app/start-up';

const root = createRoot(document.getElementById('root')!);
// §2: the client translations, the saved locale and the stylesheet (deferred by vite.config.ts
// so the boot spinner paints at once) are in place before anything shows; the page shows only
// the green spinner of index.html meanwhile.
void Promise.all([loadTranslations(), stylesheetsApplied()]).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
