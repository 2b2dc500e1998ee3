import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder entry: the Widget core issue builds the bridge and the feedback flow.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <p>Voltline messenger: not built yet.</p>
    </StrictMode>,
  );
}
