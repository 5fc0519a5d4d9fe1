import { Component, type ReactNode } from 'react';
import { track } from '../../lib/analytics';

/** Props of the error boundary around one lazily loaded screen. */
export interface ScreenBoundaryProps {
  /** The route shown, reported with a render error (never the error's text, which may hold personal data). */
  screen: string;
  children: ReactNode;
}

interface State {
  failure: 'none' | 'chunk' | 'render';
}

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preload helper adds its own.
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload|error loading dynamically imported/i;

/** True when a screen's code could not be fetched (a tab left open across a deploy asks for a file that no longer exists). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Catches what a screen throws: a failed chunk load asks for a reload onto the new build, any other error is reported and offers a reload. The rest of the page keeps working. */
export class ScreenBoundary extends Component<ScreenBoundaryProps, State> {
  override state: State = { failure: 'none' };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: isChunkLoadError(error) ? 'chunk' : 'render' };
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error)) return;
    track('screen_render_failed', { screen: this.props.screen, kind: error instanceof Error ? error.name : typeof error });
  }

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === 'none') return this.props.children;
    return (
      <section className="account-screen screen-failure" aria-labelledby="account-title">
        <h1 id="account-title" tabIndex={-1}>
          {failure === 'chunk' ? 'A new version of this page is available.' : 'This page could not be shown.'}
        </h1>
        <p>{failure === 'chunk' ? 'Reload to get it.' : 'Something went wrong on our side. Reloading usually helps.'}</p>
        <p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      </section>
    );
  }
}
