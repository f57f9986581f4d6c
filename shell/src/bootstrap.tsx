import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initRemotes } from './federation/remotes';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

// Register the remotes first so the first route can load its page straight away. The first render is a
// transition so React renders it in slices, leaving the main thread free for input between them.
void initRemotes().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
