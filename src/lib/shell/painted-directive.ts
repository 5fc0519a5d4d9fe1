import type { ClientDirective } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates right after the first paint: the static shell paints first, and its scripts are fetched after it. */
    'client:painted'?: boolean;
  }
}

/**
 * client:painted: the account shell (heading, lede, skeleton) is the page's largest paint; loading the island only
 * after that paint keeps its scripts off the largest paint's critical path (Lighthouse counts what loads before it).
 */
const paintedDirective: ClientDirective = (load) => {
  const hydrate = async (): Promise<void> => {
    const run = await load();
    await run();
  };
  // A frame callback runs before the paint, a task queued from it after: the island loads once the shell is on screen.
  // A hidden tab paints nothing (and runs no frame callbacks), so it hydrates at once.
  if (document.visibilityState === 'hidden') void hydrate();
  else requestAnimationFrame(() => setTimeout(() => void hydrate(), 0));
};

export default paintedDirective;
