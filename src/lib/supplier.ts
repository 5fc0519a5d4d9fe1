import site from '../content/site/site.json';

/** The supplier a tax invoice names (VAT Act section 20): kept by content editors in src/content/site/site.json, checked by its collection schema at build. */
export interface Supplier {
  legalName: string;
  vatNumber: string;
  address: string[];
  email: string;
  phone: string;
}

/** The supplier of every invoice, read from the site settings at build time. */
export const SUPPLIER: Supplier = {
  legalName: site.company.legalName,
  vatNumber: site.company.vatNumber,
  address: site.company.registeredAddress,
  email: site.company.email,
  phone: site.company.phone,
};
