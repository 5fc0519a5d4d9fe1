import type { AstroIntegration } from 'astro';

/** Registers the client:painted directive (hydrate an island right after the first paint). */
export function paintedDirective(): AstroIntegration {
  return {
    name: 'client-painted',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: './src/lib/shell/painted-directive.ts' });
      },
    },
  };
}
