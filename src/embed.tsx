import './app/mantineStyles';
import './app/embed.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EmbedApp } from './app/EmbedApp';
import { parseEmbedOptions } from './shared/embed/embedOptions';

// The embeddable bracket's boot (embed.html): no session, no layout; the options are read once from the query.
const { options, hints } = parseEmbedOptions(window.location.search);
document.documentElement.dataset.embedTheme = options.theme;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EmbedApp options={options} hints={hints} />
  </StrictMode>,
);
