import type { CmsConfig, Collection, CollectionFile, Field } from '@sveltia/cms';
import type { z } from 'astro/zod';
// With their extensions: scripts/content-studio.mjs imports this file in Node as it is.
import { accountPath } from './lib/account-paths.ts';
import * as content from './lib/content-schemas.ts';
import { studioFields } from './lib/studio-fields.ts';

// The studio's collections: where each is, how its entries are listed, and its forms, whose fields come from the
// schemas in src/lib/content-schemas.ts (a field added there appears here). Only what is not in a schema is written
// here: a data file's entry ids and a markdown file's body.

/** Where the studio signs in and sends its changes: read at build time from STUDIO_* variables (README, Configuration). */
export interface StudioBackend {
  backend?: string;
  repo?: string;
  branch?: string;
  authUrl?: string;
  apiRoot?: string;
  appId?: string;
}

/** The repository a build names when STUDIO_REPO is unset: no GitHub or GitLab account can be called this (an underscore), so sign-in fails instead of reaching someone else's repository. */
export const UNSET_REPO = 'set_STUDIO_REPO/shopper-web';

const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$';

const id = (what: string): Field => ({
  name: 'id',
  label: 'Id',
  widget: 'string',
  pattern: [SLUG, 'Lower-case letters, digits and single hyphens, such as my-entry'],
  hint: `A short name for this ${what} that never shows on the site; other files may refer to it, so do not change it once it is published.`,
});

const body = (label: string, hint: string): Field => ({ name: 'body', label, widget: 'markdown', required: false, hint });

/** The largest upload the studio takes, in bytes: shoppers load these pictures over mobile data. */
export const STUDIO_MAX_UPLOAD_BYTES = 500_000;

/** One list-rooted data file (YAML or JSON) edited as a single entry: a list of items, each its id and then the schema's fields. */
function listFile(
  name: string,
  label: string,
  { file, schema }: { file: string; schema: z.ZodObject },
  item: { label: string; id: Field; summary: string; hint: string },
): CollectionFile {
  const list = { name, label, label_singular: item.label, widget: 'list', root: true, hint: item.hint, summary: item.summary };
  return { name, label, file, fields: [{ ...list, collapsed: true, fields: [item.id, ...studioFields(schema)] } as Field] };
}

const single = (file: CollectionFile): Collection => ({ name: file.name, label: file.label, files: [file] });

/** Every collection of src/content, in the order the studio lists them. */
export const studioCollections = (): Collection[] => [
  {
    name: 'faqs',
    label: 'FAQs',
    label_singular: 'FAQ',
    description: `The questions and answers of the help page (${accountPath('help')}).`,
    folder: content.faqs.folder,
    extension: 'md',
    format: 'frontmatter',
    create: true,
    identifier_field: 'topic',
    summary: '{{order}}. {{topic}}',
    sortable_fields: ['order', 'topic'],
    preview_path: accountPath('help'),
    fields: [...studioFields(content.faqs.schema), body('Answer', 'The answer, in plain sentences; bold and links are allowed.')],
  },
  {
    name: 'pages',
    label: 'Pages',
    label_singular: 'Page',
    description: 'Long pages: About us, the privacy policy and the terms and conditions.',
    folder: content.pages.folder,
    extension: 'md',
    format: 'frontmatter',
    create: false,
    delete: false,
    identifier_field: 'title',
    fields: [
      ...studioFields(content.pages.schema),
      body('Text', 'The page itself. Start sections with a heading (##), not with bold text.'),
    ],
  },
  single(
    listFile('steps', 'How-it-works steps', content.steps, {
      label: 'Step',
      id: id('step'),
      summary: '{{fields.order}}. {{fields.title}}',
      hint: 'The seven steps of /how-it-works/ and the home page.',
    }),
  ),
  single(
    listFile('benefits', 'Home page benefits', content.benefits, {
      label: 'Benefit',
      id: id('benefit'),
      summary: '{{fields.order}}. {{fields.title}}',
      hint: 'The four benefit blocks of the home page.',
    }),
  ),
  single(
    listFile('categories', 'Shop categories', content.categories, {
      label: 'Category',
      id: id('category'),
      summary: '{{fields.order}}. {{fields.name}}',
      hint: 'The categories of the Our Shops carousel, in carousel order. A shop is highlighted under the category whose id is its category name in the service, in lower case with hyphens (Home & Garden is home-garden).',
    }),
  ),
  single(
    listFile('shops', 'Shops', content.shops, {
      label: 'Shop',
      id: id('shop'),
      summary: '{{fields.id}} ({{fields.portalId}})',
      hint: "Which shops exist, with their names, links and categories, is decided by the service (ask the operations team to add or remove one); here you give a shop the site's logo, a line about it and its place on /portals/ and the home page.",
    }),
  ),
  {
    name: 'estimate',
    label: 'Cost estimator',
    description: 'The rates the cost estimator (/estimate/) uses. The real quote uses the exact figures of each order.',
    files: [
      listFile('duty-rates', 'Customs duty by category', content.dutyRates, {
        label: 'Duty rate',
        id: id('category'),
        summary: '{{fields.name}}: {{fields.rate}} %',
        hint: 'Update the source and the date whenever a rate is checked again.',
      }),
      listFile('shipping-bands', 'Shipping by weight', content.shippingBands, {
        label: 'Weight band',
        id: id('band'),
        summary: 'up to {{fields.maxKg}} kg: R {{fields.price}}',
        hint: 'Lightest band first. A parcel pays the price of the first band whose maximum weight is at least its weight; heavier parcels than the last band are quoted one by one.',
      }),
      listFile('exchange-rates', 'Exchange rates', content.exchangeRates, {
        label: 'Currency',
        id: {
          ...id('currency'),
          pattern: ['^[A-Z]{3}$', 'Three capital letters, such as USD'],
          hint: 'The currency code (USD, GBP, EUR): the estimator looks rates up by it.',
        },
        summary: '{{fields.id}}: R {{fields.rate}}',
        hint: 'Rand per one unit of each shop currency. Update the rate, the date and the source together, at least once a week.',
      }),
      listFile('fees', 'Our fees', content.fees, {
        label: 'Fee',
        id: id('fee'),
        summary: '{{fields.name}}: $ {{fields.amountUsd}}',
        hint: 'Our own charges on an order, in US dollars, converted at the US dollar exchange rate. The facilitation fee is a fixed amount per order.',
      }),
    ],
  },
  {
    name: 'site',
    label: 'Company details',
    description: 'Shown in the footer, on the contact page and, as the supplier, on every tax invoice.',
    files: [
      {
        name: 'site',
        label: 'Company details',
        file: content.site.file,
        // site.json holds one entry, keyed company.
        fields: [
          {
            name: 'company',
            label: 'Company',
            widget: 'object',
            hint: 'The company behind the site, as shoppers and tax invoices see it.',
            fields: studioFields(content.site.schema),
          },
        ],
      },
    ],
  },
];

/** The studio's whole configuration for a build, the backend from the STUDIO_* variables (GitHub and this repository's main branch unless set). */
export function studioConfig({ backend, repo, branch, authUrl, apiRoot, appId }: StudioBackend = {}): CmsConfig {
  const shared = {
    repo: repo || UNSET_REPO,
    branch: branch || 'main',
    ...(apiRoot ? { api_root: apiRoot } : {}),
    ...(authUrl ? { base_url: authUrl } : {}),
    commit_messages: {
      create: 'Content: create {{collection}} "{{slug}}"',
      update: 'Content: update {{collection}} "{{slug}}"',
      delete: 'Content: delete {{collection}} "{{slug}}"',
    },
  };
  return {
    // GitLab signs in with PKCE in the browser, no relay: the application id is all it needs. Sveltia takes the sign-in
    // host from base_url alone (gitlab.com unless set), so a self-hosted GitLab's is its API's origin, which the policy allows.
    backend:
      backend === 'gitlab'
        ? {
            name: 'gitlab',
            ...shared,
            ...(appId ? { auth_type: 'pkce', app_id: appId } : {}),
            ...(apiRoot && !authUrl ? { base_url: new URL(apiRoot).origin } : {}),
          }
        : { name: 'github', ...shared },
    // Every change becomes a pull (merge) request that CI builds: a value the schema refuses never reaches the site.
    publish_mode: 'editorial_workflow',
    app_title: 'Shopper content studio',
    media_folder: 'public/images',
    public_folder: '/images',
    media_libraries: { default: { config: { max_file_size: STUDIO_MAX_UPLOAD_BYTES } } },
    show_preview_links: true,
    output: { omit_empty_optional_fields: false, yaml: { quote: 'none' } },
    collections: studioCollections(),
  };
}
