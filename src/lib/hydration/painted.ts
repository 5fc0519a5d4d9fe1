import type { ClientDirective } from 'astro';
import { afterPaint } from './after-paint';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates right after the largest paint: the static shell paints first, and its scripts are fetched after it. */
    'client:painted'?: boolean;
  }
}

/**
 * client:painted: the account shell (heading, lede, skeleton) is the page's largest paint; loading the island only
 * after that paint keeps its scripts off the largest paint's critical path.
 */
const paintedDirective: ClientDirective = (load) => {
  afterPaint(() => {
    void load().then((run) => run());
  });
};

export default paintedDirective;
