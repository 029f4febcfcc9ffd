import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadTranslations } from './app/start-up';

const root = createRoot(document.getElementById('root')!);
// §2: the client translations and the saved locale are in place before anything shows (the
// page itself shows only the green spinner of index.html meanwhile).
void loadTranslations().then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
