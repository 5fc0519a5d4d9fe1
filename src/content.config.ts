import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import * as content from './lib/content-schemas';
import { portalsLoader } from './lib/portals-loader';

// The schemas of the collections editors change are in src/lib/content-schemas.ts, which the content studio's build
// step imports in Node, where this file's astro:content cannot be.
const markdown = <S extends z.ZodObject>({ folder, schema }: { folder: string; schema: S }) =>
  defineCollection({ loader: glob({ pattern: '**/*.md', base: folder }), schema });
const data = <S extends z.ZodObject>({ file: path, schema }: { file: string; schema: S }) =>
  defineCollection({ loader: file(path), schema });

/** The shops that exist: the service's GET /portals at build time, or its committed snapshot (src/lib/portals-loader.ts). */
const portals = defineCollection({
  loader: portalsLoader(),
  // The service's data as decoded; its links and pictures are checked where they are shown (src/lib/shops.ts).
  schema: z.object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    link: z.string(),
    category: z.string(),
    tcLink: z.string(),
    privacyPolicyLink: z.string(),
    returnPolicyLink: z.string(),
    picture: z.string(),
  }),
});

/** Every content collection of the site. */
export const collections = {
  faqs: markdown(content.faqs),
  steps: data(content.steps),
  benefits: data(content.benefits),
  categories: data(content.categories),
  portals,
  shops: data(content.shops),
  pages: markdown(content.pages),
  site: data(content.site),
  dutyRates: data(content.dutyRates),
  shippingBands: data(content.shippingBands),
  exchangeRates: data(content.exchangeRates),
  fees: data(content.fees),
};
