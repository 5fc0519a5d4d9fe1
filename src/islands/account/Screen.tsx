import { useEffect, type ReactNode } from 'react';

/** Props of an account screen's frame. */
export interface ScreenProps {
  /** The page heading, also the document title. */
  title: string;
  /** Something beside the heading (a back link). */
  before?: ReactNode;
  children: ReactNode;
}

/** The frame of an account screen: its heading (focused after client-side moves) and the document title. */
export function Screen({ title, before, children }: ScreenProps): ReactNode {
  useEffect(() => {
    const brand = document.title.includes(' | ') ? document.title.slice(document.title.lastIndexOf(' | ')) : '';
    document.title = `${title}${brand}`;
  }, [title]);
  return (
    <section className="account-screen" aria-labelledby="account-title">
      {before}
      <h1 id="account-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
