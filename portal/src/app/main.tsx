import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder entry: the Foundation work replaces this with the shell, router and providers.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <p>Voltline portal: the shell is not built yet.</p>
    </StrictMode>,
  );
}
