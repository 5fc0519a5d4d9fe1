/**
 * Starts each carousel when it comes within a screen's height of view. Swiper (about 25 KB) is fetched then: the home
 * page's carousel is far below the fold, and a phone that never scrolls there never downloads it. Until then the
 * slides are a scrollable row.
 */
export function watchCarousels(roots: HTMLElement[]): void {
  const start = (root: HTMLElement): void => {
    void import('./carousel').then(({ initCarousel }) => initCarousel(root));
  };
  if (!('IntersectionObserver' in window)) {
    roots.forEach(start);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
        observer.unobserve(entry.target);
        start(entry.target);
      }
    },
    { rootMargin: '100% 0px' },
  );
  for (const root of roots) observer.observe(root);
}
