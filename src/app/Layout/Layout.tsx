import type { ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import classes from './Layout.module.css';

/** Header, the page content (800 to 1200 px wide) and the footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <Header />
      <main id="main" className={classes.main}>
        <div className={classes.content}>{children}</div>
      </main>
      <Footer />
    </div>
  );
}
