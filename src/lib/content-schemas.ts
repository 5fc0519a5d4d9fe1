import { z } from 'astro/zod';
// With its extension: scripts/content-studio.mjs imports this file in Node as it is.
import { isHttpUrl } from './http-url.ts';

// The schemas of the collections editors change, with where each lives. src/content.config.ts builds the collections
// from them and src/content-studio.ts the studio's forms: each field's .meta() holds what only the studio shows (its
// label and hint, a widget the zod type does not imply, a pattern for a rule written as code), in the studio's own
// words (src/lib/studio-fields.ts).

// Social links are checked at build time: only http(s) links are ever rendered. The studio cannot run isHttpUrl, so
// it checks a pattern that tests/unit/content-studio-config.test.ts holds to it.
const webLink = z
  .string()
  .refine(isHttpUrl, { error: 'Must be an http(s) URL' })
  .meta({ pattern: ['^https?://[^\\s/?#]+[^\\s]*$', 'Must be an http(s) URL'] });
const publicPath = z.string().regex(/^\/(?!\/)[\w./-]+$/, { error: 'Must be a path under public/, starting with /' });
// A path on this site: one leading slash only (`//host` would leave the site).
const sitePath = z.string().regex(/^\/(?!\/)[\w./-]*$/, { error: 'Must be a path on this site, starting with /' });
// Written as YYYY-MM-DD in the YAML files; the day a rate was read or last checked.
const asOf = z.coerce.date().meta({ label: 'As of', hint: 'The day this was read or last checked, as a date.' });
const line = z.string().meta({ name: 'line', label: 'Line' });

const order = (what: string) =>
  z
    .number()
    .int()
    .meta({ label: 'Order', hint: `A whole number: ${what} are shown from the lowest number to the highest.` });

/** FAQ topics for the help page: one markdown file each (topic and answer body). */
export const faqs = {
  folder: 'src/content/faqs',
  schema: z.object({
    topic: z
      .string()
      .min(1)
      .meta({ label: 'Question', hint: 'The question as the shopper would ask it, such as "How long does delivery take?".' }),
    order: order('questions'),
  }),
};

/** Long-form page copy (about us, policies) in markdown. */
export const pages = {
  folder: 'src/content/pages',
  schema: z.object({
    title: z
      .string()
      .min(1)
      .meta({ label: 'Title', hint: 'The heading at the top of the page and the name in the browser tab.' }),
    description: z.string().min(50).max(170).meta({
      label: 'Description',
      widget: 'text',
      hint: 'One or two sentences that search engines show under the page title: 50 to 170 characters.',
    }),
    policy: z.boolean().default(false).meta({
      label: 'Policy page',
      hint: 'On for a legal page (privacy, terms): it then has its address under /policies/ and a link in the footer.',
    }),
  }),
};

/** The seven how-it-works steps, in order; a step may end with a link to a page of this site. */
export const steps = {
  file: 'src/content/steps/steps.yaml',
  schema: z.object({
    order: order('steps'),
    title: z.string().min(1).meta({ label: 'Title', hint: 'Two or three words, such as "Get a quote".' }),
    text: z
      .string()
      .min(1)
      .meta({ label: 'Text', widget: 'text', hint: 'One sentence that says what the shopper does or gets at this step.' }),
    // nullish: the content studio writes `link: null` for a step without one.
    link: z
      .object({
        href: sitePath.meta({ label: 'Address', hint: 'A page of this site, such as /estimate/.' }),
        text: z.string().min(1).meta({ label: 'Link text', hint: 'What the link says, such as "Estimate the cost first".' }),
      })
      .nullish()
      .meta({ label: 'Link', hint: 'Optional: a link at the end of the step to another page of this site.' }),
  }),
};

/** The four benefit blocks of the home page. */
export const benefits = {
  file: 'src/content/benefits/benefits.yaml',
  schema: z.object({
    order: order('blocks'),
    title: z.string().min(1).meta({ label: 'Title', hint: 'A short heading, such as "Safe payment in rand".' }),
    text: z.string().min(1).meta({ label: 'Text', widget: 'text', hint: 'One or two sentences under the heading.' }),
    icon: z.enum(['globe', 'quote', 'card', 'truck']).meta({ label: 'Icon', hint: 'The picture above the heading.' }),
  }),
};

/** Shop categories of the Our Shops carousel, in carousel order. */
export const categories = {
  file: 'src/content/categories/categories.yaml',
  schema: z.object({
    order: order('categories'),
    name: z.string().min(1).meta({ label: 'Name', hint: 'The name under the picture, such as "Fashion".' }),
    image: publicPath.meta({
      label: 'Picture',
      widget: 'image',
      media_folder: '/public/categories',
      public_folder: '/categories',
      hint: 'An SVG picture; it is stored in public/categories/.',
    }),
    blurb: z.string().meta({ label: 'Blurb', hint: 'Optional: one line about what the shops of this category sell.' }),
  }),
};

/** What the site adds to the service's shops, by the API's portal id: a logo file, a blurb and the place on the pages. */
export const shops = {
  file: 'src/content/shops/shops.json',
  schema: z.object({
    portalId: z.number().int().positive().meta({
      label: 'Portal number',
      hint: "The shop's number in the service (its portal id): a whole number from 1. Ask the operations team.",
    }),
    logo: publicPath.optional().meta({
      label: 'Logo',
      widget: 'image',
      media_folder: '/public/shops',
      public_folder: '/shops',
      hint: "Optional: the shop's logo, preferably an SVG; it is stored in public/shops/. Without one the site shows the service's picture, or the shop's name.",
    }),
    blurb: z
      .string()
      .max(120)
      .optional()
      .meta({ label: 'Blurb', hint: 'Optional: one line (at most 120 characters) shown under the shop on /portals/.' }),
    order: z.number().int().optional().meta({
      label: 'Order',
      hint: 'Optional: a whole number; shops are shown from the lowest number to the highest, and shops without one after them, by name.',
    }),
  }),
};

/** Company details shown in the footer, on the contact page and, as the supplier, on every tax invoice. */
export const site = {
  file: 'src/content/site/site.json',
  schema: z.object({
    brand: z.string().meta({ label: 'Brand', hint: 'The name shoppers know, such as Shopper.' }),
    // The supplier a tax invoice names (VAT Act section 20).
    legalName: z
      .string()
      .min(1)
      .meta({ label: 'Registered name', hint: 'The registered company name that a tax invoice names as the supplier.' }),
    vatNumber: z
      .string()
      .regex(/^4\d{9}$/, { error: 'A South African VAT number: ten digits starting with 4' })
      .meta({ label: 'VAT number', hint: 'Ten digits starting with 4, as SARS issued it.' }),
    registeredAddress: z.array(line.min(1)).min(2).meta({
      label: 'Registered address',
      hint: "The supplier's physical address on tax invoices, one line each: at least two lines.",
    }),
    postalAddress: z.array(line).meta({ label: 'Postal address', hint: 'One line each.' }),
    hours: z.string().meta({ label: 'Opening hours', hint: 'Such as "9am-5pm Monday to Friday".' }),
    phone: z.string().meta({ label: 'Phone', hint: 'With the country code, such as +27 10 500 1234.' }),
    // The studio cannot run zod's e-mail check, so it checks a pattern that tests/unit/content-studio-config.test.ts holds to it.
    email: z.email().meta({
      label: 'E-mail',
      type: 'email',
      pattern: ['^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'Must be an e-mail address'],
      hint: 'The address shoppers write to.',
    }),
    socials: z
      .array(
        z.object({
          name: z.string().meta({ label: 'Name', hint: 'Such as Instagram: read aloud by screen readers.' }),
          href: webLink.meta({ label: 'Link', hint: 'The page of our account, starting with https://.' }),
          icon: z.enum(['facebook', 'instagram', 'x', 'linkedin']).meta({ label: 'Icon' }),
        }),
      )
      .meta({ label: 'Social media', label_singular: 'Social link', summary: '{{fields.name}}', hint: 'Links in the footer.' }),
  }),
};

/** Customs duty rate (percent of the customs value) by product category, for the cost estimator. */
export const dutyRates = {
  file: 'src/content/estimate/duty-rates.yaml',
  schema: z.object({
    order: order('categories'),
    name: z.string().min(1).meta({ label: 'Category', hint: 'The product category as the estimator lists it.' }),
    rate: z.number().min(0).max(100).meta({ label: 'Rate (%)', hint: 'Percent of the customs value: a number from 0 to 100.' }),
    source: z.string().min(1).meta({ label: 'Source', hint: 'Where the rate was read, such as the SARS tariff chapter.' }),
    asOf,
  }),
};

/** Shipping price in rand by total parcel weight, one band per maximum weight. */
export const shippingBands = {
  file: 'src/content/estimate/shipping-bands.yaml',
  schema: z.object({
    maxKg: z.number().positive().meta({ label: 'Maximum weight (kg)', hint: 'In kilograms, more than 0.' }),
    price: z.number().nonnegative().meta({ label: 'Price (rand)', hint: 'In rand, courier to the door included: 0 or more.' }),
  }),
};

/** Rand per one unit of each shop currency (entry ids USD, GBP, EUR), with the day it was read. */
export const exchangeRates = {
  file: 'src/content/estimate/exchange-rates.yaml',
  schema: z.object({
    name: z.string().min(1).meta({ label: 'Name', hint: 'Such as "US dollar".' }),
    symbol: z.string().min(1).meta({ label: 'Symbol', hint: 'Such as $.' }),
    rate: z.number().positive().meta({ label: 'Rand per unit', hint: 'How many rand one unit costs, more than 0.' }),
    asOf,
    source: z.string().min(1).meta({ label: 'Source', hint: 'Where the rate was read, such as the South African Reserve Bank.' }),
  }),
};

/** Our own charges on an order, in US dollars (the facilitation fee). */
export const fees = {
  file: 'src/content/estimate/fees.yaml',
  schema: z.object({
    name: z.string().min(1).meta({ label: 'Name', hint: 'Such as "Facilitation fee".' }),
    amountUsd: z.number().nonnegative().meta({ label: 'Amount (US dollars)', hint: 'In US dollars: 0 or more.' }),
    asOf,
  }),
};
