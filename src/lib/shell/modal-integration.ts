import type { AstroIntegration } from 'astro';

/** Registers the client:modal directive (hydrate the modal routes island when a modal opens). */
export function modalDirective(): AstroIntegration {
  return {
    name: 'client-modal',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'modal', entrypoint: './src/lib/shell/modal-directive.ts' });
      },
    },
  };
}
