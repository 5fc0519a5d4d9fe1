import type { AstroIntegration } from 'astro';

/** Registers the client:interact directive (hydrate an island on first interaction). */
export function interactDirective(): AstroIntegration {
  return {
    name: 'client-interact',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interact', entrypoint: './src/lib/shell/interact-directive.ts' });
      },
    },
  };
}
