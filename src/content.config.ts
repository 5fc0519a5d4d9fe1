import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { portalsLoader } from './lib/portals-loader';
import { isHttpUrl } from './lib/schemas/rules';

// Social links are checked at build time: only http(s) links are ever rendered.
const webLink = z.string().refine(isHttpUrl, { error: 'Must be an http(s) URL' });
const publicPath = z.string().regex(/^\/(?!\/)[\w./-]+$/, { error: 'Must be a path under public/, starting with /' });

/** FAQ topics for the help page: one markdown file each (topic and answer body). */
const faqs = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/faqs' }),
  schema: z.object({ topic: z.string().min(1), order: z.number().int() }),
});

// A path on this site: one leading slash only (`//host` would leave the site).
const SITE_PATH = /^\/(?!\/)[\w./-]*$/;

/** The seven how-it-works steps, in order; a step may end with a link to a page of this site. */
const steps = defineCollection({
  loader: file('src/content/steps/steps.yaml'),
  schema: z.object({
    order: z.number().int(),
    title: z.string().min(1),
    text: z.string().min(1),
    // nullish: the content studio writes `link: null` for a step without one.
    link: z.object({ href: z.string().regex(SITE_PATH, { error: 'Must be a path on this site, starting with /' }), text: z.string().min(1) }).nullish(),
  }),
});

/** The four benefit blocks of the home page. */
const benefits = defineCollection({
  loader: file('src/content/benefits/benefits.yaml'),
  schema: z.object({
    order: z.number().int(),
    title: z.string().min(1),
    text: z.string().min(1),
    icon: z.enum(['globe', 'quote', 'card', 'truck']),
  }),
});

/** Shop categories of the Our Shops carousel, in carousel order. */
const categories = defineCollection({
  loader: file('src/content/categories/categories.yaml'),
  schema: z.object({ order: z.number().int(), name: z.string().min(1), image: publicPath, blurb: z.string() }),
});

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

/** What the site adds to the service's shops, by the API's portal id: a logo file, a blurb and the place on the pages. */
const shops = defineCollection({
  loader: file('src/content/shops/shops.json'),
  schema: z.object({
    portalId: z.number().int().positive(),
    logo: publicPath.optional(),
    blurb: z.string().max(120).optional(),
    order: z.number().int().optional(),
  }),
});

/** Long-form page copy (about us, policies) in markdown. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(50).max(170),
    policy: z.boolean().default(false),
  }),
});

/** Company details shown in the footer, on the contact page and, as the supplier, on every tax invoice. */
const site = defineCollection({
  loader: file('src/content/site/site.json'),
  schema: z.object({
    brand: z.string(),
    /** The registered name a tax invoice names as the supplier (VAT Act section 20). */
    legalName: z.string().min(1),
    /** The VAT registration number: ten digits starting with 4 (SARS). */
    vatNumber: z.string().regex(/^4\d{9}$/, { error: 'A South African VAT number: ten digits starting with 4' }),
    /** The supplier's physical address on tax invoices, one line each. */
    registeredAddress: z.array(z.string().min(1)).min(2),
    postalAddress: z.array(z.string()),
    hours: z.string(),
    phone: z.string(),
    email: z.email(),
    socials: z.array(z.object({ name: z.string(), href: webLink, icon: z.enum(['facebook', 'instagram', 'x', 'linkedin']) })),
  }),
});

// Written as YYYY-MM-DD in the YAML files; the day a rate was read or last checked.
const asOf = z.coerce.date();

/** Customs duty rate (percent of the customs value) by product category, for the cost estimator. */
const dutyRates = defineCollection({
  loader: file('src/content/estimate/duty-rates.yaml'),
  schema: z.object({ order: z.number().int(), name: z.string().min(1), rate: z.number().min(0).max(100), source: z.string().min(1), asOf }),
});

/** Shipping price in rand by total parcel weight, one band per maximum weight. */
const shippingBands = defineCollection({
  loader: file('src/content/estimate/shipping-bands.yaml'),
  schema: z.object({ maxKg: z.number().positive(), price: z.number().nonnegative() }),
});

/** Rand per one unit of each shop currency (entry ids USD, GBP, EUR), with the day it was read. */
const exchangeRates = defineCollection({
  loader: file('src/content/estimate/exchange-rates.yaml'),
  schema: z.object({ name: z.string().min(1), symbol: z.string().min(1), rate: z.number().positive(), asOf, source: z.string().min(1) }),
});

/** Our own charges on an order, in US dollars (the facilitation fee). */
const fees = defineCollection({
  loader: file('src/content/estimate/fees.yaml'),
  schema: z.object({ name: z.string().min(1), amountUsd: z.number().nonnegative(), asOf }),
});

/** Every content collection of the site. */
export const collections = { faqs, steps, benefits, categories, portals, shops, pages, site, dutyRates, shippingBands, exchangeRates, fees };
