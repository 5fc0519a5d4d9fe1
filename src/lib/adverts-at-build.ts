import { readAdverts, type Advert } from './api/portals';
import { config } from './config';
import { failureReason, serviceBody } from './portals-loader';

/**
 * The adverts the service lists when the site is built (GET /adverts), so that the home page is drawn with the banners
 * running then and does not move when the browser asks again; none, with a warning, when the service cannot be reached.
 */
export async function advertsAtBuild(): Promise<Advert[]> {
  const url = `${config.apiBase}/adverts`;
  try {
    return readAdverts(await serviceBody(url));
  } catch (error) {
    console.warn(
      `The adverts could not be read from ${url} (${failureReason(error)}): the home page is built without banners and shows the running ones when the service answers the browser.`,
    );
    return [];
  }
}
