import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer or key event inside the island. */
    'client:interact'?: boolean;
  }
}
