import type { CmsConfig, Collection, Field } from '@sveltia/cms';
// With its extension: scripts/content-studio.mjs imports this file in Node as it is.
import { accountPath } from './lib/account-paths.ts';

// The studio's form of every collection in src/content.config.ts: one field per schema field, with the schema's
// rules (required, lengths, patterns, numbers, choices) and the hint an editor reads under the field.
// tests/unit/content-studio-config.test.ts fails when the two disagree, so change both together.

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
const DATE_HINT = 'The day this was read or last checked, as a date.';

const id = (what: string): Field => ({
  name: 'id',
  label: 'Id',
  widget: 'string',
  pattern: [SLUG, 'Lower-case letters, digits and single hyphens, such as my-entry'],
  hint: `A short name for this ${what} that never shows on the site; other files may refer to it, so do not change it once it is published.`,
});

const order = (what: string): Field => ({
  name: 'order',
  label: 'Order',
  widget: 'number',
  value_type: 'int',
  hint: `A whole number: ${what} are shown from the lowest number to the highest.`,
});

const asOf: Field = { name: 'asOf', label: 'As of', widget: 'datetime', type: 'date', format: 'YYYY-MM-DD', hint: DATE_HINT };

/** A path under public/, as the schema's publicPath takes it. */
/** The picture formats the site serves, as the upload dialog's accept list; nothing else can be uploaded. */
export const STUDIO_IMAGE_TYPES = '.svg,.png,.jpg,.jpeg,.webp';

/** The largest upload the studio takes, in bytes: shoppers load these pictures over mobile data. */
export const STUDIO_MAX_UPLOAD_BYTES = 500_000;

const PUBLIC_PATH = '^/(?!/)[\\w./-]+$';
/** A path on this site, as the schema's SITE_PATH takes it. */
const SITE_PATH = '^/(?!/)[\\w./-]*$';
/** The patterns that stand for code in the schema (isHttpUrl, z.email()); the unit test runs both on the same samples. */
export const STUDIO_PATTERNS = { httpUrl: '^https?://[^\\s/?#]+[^\\s]*$', email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' };
const HTTP_URL = STUDIO_PATTERNS.httpUrl;
/** A number above zero (the schema's positive()): the number field's min is inclusive, so this refuses 0 itself. */
const ABOVE_ZERO = '^(?!-)(?!0*(\\.0*)?$)';

/** One list-rooted data file (YAML or JSON) edited as a single entry with a list of items. */
function listFile(
  name: string,
  label: string,
  file: string,
  itemLabel: string,
  hint: string,
  fields: Field[],
  summary: string,
): Collection {
  return {
    name,
    label,
    files: [
      {
        name,
        label,
        file,
        fields: [{ name, label, label_singular: itemLabel, widget: 'list', root: true, hint, summary, collapsed: true, fields }],
      },
    ],
  };
}

/** Every collection of src/content, in the order the studio lists them. */
export const studioCollections = (): Collection[] => [
  {
    name: 'faqs',
    label: 'FAQs',
    label_singular: 'FAQ',
    description: `The questions and answers of the help page (${accountPath('help')}).`,
    folder: 'src/content/faqs',
    extension: 'md',
    format: 'frontmatter',
    create: true,
    identifier_field: 'topic',
    summary: '{{order}}. {{topic}}',
    sortable_fields: ['order', 'topic'],
    preview_path: accountPath('help'),
    fields: [
      {
        name: 'topic',
        label: 'Question',
        widget: 'string',
        minlength: 1,
        hint: 'The question as the shopper would ask it, such as "How long does delivery take?".',
      },
      order('questions'),
      {
        name: 'body',
        label: 'Answer',
        widget: 'markdown',
        required: false,
        hint: 'The answer, in plain sentences; bold and links are allowed.',
      },
    ],
  },
  {
    name: 'pages',
    label: 'Pages',
    label_singular: 'Page',
    description: 'Long pages: About us, the privacy policy and the terms and conditions.',
    folder: 'src/content/pages',
    extension: 'md',
    format: 'frontmatter',
    create: false,
    delete: false,
    identifier_field: 'title',
    fields: [
      {
        name: 'title',
        label: 'Title',
        widget: 'string',
        minlength: 1,
        hint: 'The heading at the top of the page and the name in the browser tab.',
      },
      {
        name: 'description',
        label: 'Description',
        widget: 'text',
        minlength: 50,
        maxlength: 170,
        hint: 'One or two sentences that search engines show under the page title: 50 to 170 characters.',
      },
      {
        name: 'policy',
        label: 'Policy page',
        widget: 'boolean',
        required: false,
        default: false,
        hint: 'On for a legal page (privacy, terms): it then has its address under /policies/ and a link in the footer.',
      },
      {
        name: 'body',
        label: 'Text',
        widget: 'markdown',
        required: false,
        hint: 'The page itself. Start sections with a heading (##), not with bold text.',
      },
    ],
  },
  listFile(
    'steps',
    'How-it-works steps',
    'src/content/steps/steps.yaml',
    'Step',
    'The seven steps of /how-it-works/ and the home page.',
    [
      id('step'),
      order('steps'),
      { name: 'title', label: 'Title', widget: 'string', minlength: 1, hint: 'Two or three words, such as "Get a quote".' },
      {
        name: 'text',
        label: 'Text',
        widget: 'text',
        minlength: 1,
        hint: 'One sentence that says what the shopper does or gets at this step.',
      },
      {
        name: 'link',
        label: 'Link',
        widget: 'object',
        required: false,
        hint: 'Optional: a link at the end of the step to another page of this site.',
        fields: [
          {
            name: 'href',
            label: 'Address',
            widget: 'string',
            pattern: [SITE_PATH, 'Must be a path on this site, starting with /'],
            hint: 'A page of this site, such as /estimate/.',
          },
          {
            name: 'text',
            label: 'Link text',
            widget: 'string',
            minlength: 1,
            hint: 'What the link says, such as "Estimate the cost first".',
          },
        ],
      },
    ],
    '{{fields.order}}. {{fields.title}}',
  ),
  listFile(
    'benefits',
    'Home page benefits',
    'src/content/benefits/benefits.yaml',
    'Benefit',
    'The four benefit blocks of the home page.',
    [
      id('benefit'),
      order('blocks'),
      { name: 'title', label: 'Title', widget: 'string', minlength: 1, hint: 'A short heading, such as "Safe payment in rand".' },
      { name: 'text', label: 'Text', widget: 'text', minlength: 1, hint: 'One or two sentences under the heading.' },
      {
        name: 'icon',
        label: 'Icon',
        widget: 'select',
        options: ['globe', 'quote', 'card', 'truck'],
        hint: 'The picture above the heading.',
      },
    ],
    '{{fields.order}}. {{fields.title}}',
  ),
  listFile(
    'categories',
    'Shop categories',
    'src/content/categories/categories.yaml',
    'Category',
    'The categories of the Our Shops carousel, in carousel order. A shop is highlighted under the category whose id is its category name in the service, in lower case with hyphens (Home & Garden is home-garden).',
    [
      id('category'),
      order('categories'),
      { name: 'name', label: 'Name', widget: 'string', minlength: 1, hint: 'The name under the picture, such as "Fashion".' },
      {
        name: 'image',
        label: 'Picture',
        widget: 'image',
        accept: STUDIO_IMAGE_TYPES,
        media_folder: '/public/categories',
        public_folder: '/categories',
        pattern: [PUBLIC_PATH, 'Must be a path under public/, starting with /'],
        hint: 'An SVG picture; it is stored in public/categories/.',
      },
      {
        name: 'blurb',
        label: 'Blurb',
        widget: 'string',
        required: false,
        hint: 'Optional: one line about what the shops of this category sell.',
      },
    ],
    '{{fields.order}}. {{fields.name}}',
  ),
  listFile(
    'shops',
    'Shops',
    'src/content/shops/shops.json',
    'Shop',
    "Which shops exist, with their names, links and categories, is decided by the service (ask the operations team to add or remove one); here you give a shop the site's logo, a line about it and its place on /portals/ and the home page.",
    [
      id('shop'),
      {
        name: 'portalId',
        label: 'Portal number',
        widget: 'number',
        value_type: 'int',
        min: 1,
        hint: "The shop's number in the service (its portal id): a whole number from 1. Ask the operations team.",
      },
      {
        name: 'logo',
        label: 'Logo',
        widget: 'image',
        accept: STUDIO_IMAGE_TYPES,
        required: false,
        media_folder: '/public/shops',
        public_folder: '/shops',
        pattern: [PUBLIC_PATH, 'Must be a path under public/, starting with /'],
        hint: "Optional: the shop's logo, preferably an SVG; it is stored in public/shops/. Without one the site shows the service's picture, or the shop's name.",
      },
      {
        name: 'blurb',
        label: 'Blurb',
        widget: 'string',
        required: false,
        maxlength: 120,
        hint: 'Optional: one line (at most 120 characters) shown under the shop on /portals/.',
      },
      {
        name: 'order',
        label: 'Order',
        widget: 'number',
        value_type: 'int',
        required: false,
        hint: 'Optional: a whole number; shops are shown from the lowest number to the highest, and shops without one after them, by name.',
      },
    ],
    '{{fields.id}} ({{fields.portalId}})',
  ),
  {
    name: 'estimate',
    label: 'Cost estimator',
    description: 'The rates the cost estimator (/estimate/) uses. The real quote uses the exact figures of each order.',
    files: [
      {
        name: 'duty-rates',
        label: 'Customs duty by category',
        file: 'src/content/estimate/duty-rates.yaml',
        fields: [
          {
            name: 'duty-rates',
            label: 'Customs duty by category',
            label_singular: 'Duty rate',
            widget: 'list',
            root: true,
            collapsed: true,
            summary: '{{fields.name}}: {{fields.rate}} %',
            hint: 'Update the source and the date whenever a rate is checked again.',
            fields: [
              id('category'),
              order('categories'),
              {
                name: 'name',
                label: 'Category',
                widget: 'string',
                minlength: 1,
                hint: 'The product category as the estimator lists it.',
              },
              {
                name: 'rate',
                label: 'Rate (%)',
                widget: 'number',
                value_type: 'float',
                min: 0,
                max: 100,
                hint: 'Percent of the customs value: a number from 0 to 100.',
              },
              {
                name: 'source',
                label: 'Source',
                widget: 'string',
                minlength: 1,
                hint: 'Where the rate was read, such as the SARS tariff chapter.',
              },
              asOf,
            ],
          },
        ],
      },
      {
        name: 'shipping-bands',
        label: 'Shipping by weight',
        file: 'src/content/estimate/shipping-bands.yaml',
        fields: [
          {
            name: 'shipping-bands',
            label: 'Shipping by weight',
            label_singular: 'Weight band',
            widget: 'list',
            root: true,
            collapsed: true,
            summary: 'up to {{fields.maxKg}} kg: R {{fields.price}}',
            hint: 'Lightest band first. A parcel pays the price of the first band whose maximum weight is at least its weight; heavier parcels than the last band are quoted one by one.',
            fields: [
              id('band'),
              {
                name: 'maxKg',
                label: 'Maximum weight (kg)',
                widget: 'number',
                value_type: 'float',
                min: 0,
                pattern: [ABOVE_ZERO, 'Must be more than 0'],
                hint: 'In kilograms, more than 0.',
              },
              {
                name: 'price',
                label: 'Price (rand)',
                widget: 'number',
                value_type: 'float',
                min: 0,
                hint: 'In rand, courier to the door included: 0 or more.',
              },
            ],
          },
        ],
      },
      {
        name: 'exchange-rates',
        label: 'Exchange rates',
        file: 'src/content/estimate/exchange-rates.yaml',
        fields: [
          {
            name: 'exchange-rates',
            label: 'Exchange rates',
            label_singular: 'Currency',
            widget: 'list',
            root: true,
            collapsed: true,
            summary: '{{fields.id}}: R {{fields.rate}}',
            hint: 'Rand per one unit of each shop currency. Update the rate, the date and the source together, at least once a week.',
            fields: [
              {
                ...id('currency'),
                pattern: ['^[A-Z]{3}$', 'Three capital letters, such as USD'],
                hint: 'The currency code (USD, GBP, EUR): the estimator looks rates up by it.',
              },
              { name: 'name', label: 'Name', widget: 'string', minlength: 1, hint: 'Such as "US dollar".' },
              { name: 'symbol', label: 'Symbol', widget: 'string', minlength: 1, hint: 'Such as $.' },
              {
                name: 'rate',
                label: 'Rand per unit',
                widget: 'number',
                value_type: 'float',
                min: 0,
                pattern: [ABOVE_ZERO, 'Must be more than 0'],
                hint: 'How many rand one unit costs, more than 0.',
              },
              asOf,
              {
                name: 'source',
                label: 'Source',
                widget: 'string',
                minlength: 1,
                hint: 'Where the rate was read, such as the South African Reserve Bank.',
              },
            ],
          },
        ],
      },
      {
        name: 'fees',
        label: 'Our fees',
        file: 'src/content/estimate/fees.yaml',
        fields: [
          {
            name: 'fees',
            label: 'Our fees',
            label_singular: 'Fee',
            widget: 'list',
            root: true,
            collapsed: true,
            summary: '{{fields.name}}: $ {{fields.amountUsd}}',
            hint: 'Our own charges on an order, in US dollars, converted at the US dollar exchange rate. The facilitation fee is a fixed amount per order.',
            fields: [
              id('fee'),
              { name: 'name', label: 'Name', widget: 'string', minlength: 1, hint: 'Such as "Facilitation fee".' },
              {
                name: 'amountUsd',
                label: 'Amount (US dollars)',
                widget: 'number',
                value_type: 'float',
                min: 0,
                hint: 'In US dollars: 0 or more.',
              },
              asOf,
            ],
          },
        ],
      },
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
        file: 'src/content/site/site.json',
        fields: [
          {
            name: 'company',
            label: 'Company',
            widget: 'object',
            hint: 'The company behind the site, as shoppers and tax invoices see it.',
            fields: [
              {
                name: 'brand',
                label: 'Brand',
                widget: 'string',
                required: false,
                hint: 'The name shoppers know, such as Shopper.',
              },
              {
                name: 'legalName',
                label: 'Registered name',
                widget: 'string',
                minlength: 1,
                hint: 'The registered company name that a tax invoice names as the supplier.',
              },
              {
                name: 'vatNumber',
                label: 'VAT number',
                widget: 'string',
                pattern: ['^4\\d{9}$', 'A South African VAT number: ten digits starting with 4'],
                hint: 'Ten digits starting with 4, as SARS issued it.',
              },
              {
                name: 'registeredAddress',
                label: 'Registered address',
                widget: 'list',
                min: 2,
                field: { name: 'line', label: 'Line', widget: 'string', minlength: 1 },
                hint: "The supplier's physical address on tax invoices, one line each: at least two lines.",
              },
              {
                name: 'postalAddress',
                label: 'Postal address',
                widget: 'list',
                required: false,
                field: { name: 'line', label: 'Line', widget: 'string', required: false },
                hint: 'One line each.',
              },
              {
                name: 'hours',
                label: 'Opening hours',
                widget: 'string',
                required: false,
                hint: 'Such as "9am-5pm Monday to Friday".',
              },
              {
                name: 'phone',
                label: 'Phone',
                widget: 'string',
                required: false,
                hint: 'With the country code, such as +27 10 500 1234.',
              },
              {
                name: 'email',
                label: 'E-mail',
                widget: 'string',
                type: 'email',
                pattern: [STUDIO_PATTERNS.email, 'Must be an e-mail address'],
                hint: 'The address shoppers write to.',
              },
              {
                name: 'socials',
                label: 'Social media',
                label_singular: 'Social link',
                widget: 'list',
                required: false,
                summary: '{{fields.name}}',
                hint: 'Links in the footer.',
                fields: [
                  {
                    name: 'name',
                    label: 'Name',
                    widget: 'string',
                    required: false,
                    hint: 'Such as Instagram: read aloud by screen readers.',
                  },
                  {
                    name: 'href',
                    label: 'Link',
                    widget: 'string',
                    pattern: [HTTP_URL, 'Must be an http(s) URL'],
                    hint: 'The page of our account, starting with https://.',
                  },
                  { name: 'icon', label: 'Icon', widget: 'select', options: ['facebook', 'instagram', 'x', 'linkedin'] },
                ],
              },
            ],
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
