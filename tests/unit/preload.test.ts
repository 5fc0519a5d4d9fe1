import { describe, expect, it } from 'vitest';
import { eagerIslandEntries, staticClosure } from '../../scripts/preload.mjs';

describe('modulepreload of eager islands', () => {
  it('takes the component and renderer of client:only and client:load islands, not the deferred ones', () => {
    const html = [
      '<astro-island uid="a" component-url="/_astro/AccountApp.X1.js" renderer-url="/_astro/client.R.js" client="only">',
      '<astro-island uid="b" component-url="/_astro/ModalRoutes.M.js" renderer-url="/_astro/client.R.js" client="modal">',
      '<astro-island uid="c" component-url="/_astro/ContactForm.C.js" renderer-url="/_astro/client.R.js" client="interact">',
    ].join('');
    expect(eagerIslandEntries(html)).toEqual(['AccountApp.X1.js', 'client.R.js']);
  });

  it('follows static imports transitively, once each, and leaves dynamic imports for later', async () => {
    const files: Record<string, string> = {
      'entry.js': 'import{h as s}from"./a.js";import"./b.js";export{s as App};',
      'a.js': 'import"./b.js";const lazy=()=>import("./lazy.js");export{lazy as h};',
      'b.js': 'export const b=1;',
      'lazy.js': 'import"./never.js";',
    };
    const closure = await staticClosure('unused', 'entry.js', async (file: string) => files[file] ?? '');
    expect(closure.sort()).toEqual(['a.js', 'b.js', 'entry.js']);
  });
});
