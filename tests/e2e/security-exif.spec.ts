import { choose, createAddress, issueQuote, moveTo, placeOrder, toast } from './account-helpers';
import { expect, test } from './fixtures';
import { cameraJpeg, gpsExif, multipartFile } from './files/exif-jpeg';

const EXIF_MARKER = Buffer.from('Exif\0\0', 'latin1');

test.describe('return photos', () => {
  test('a phone photo with a GPS position is uploaded re-encoded: no EXIF, no GPS, long edge capped; the return is still created', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const delivered = await placeOrder(request, signedIn.tokens, { addressId, portal: 3, products: [{ name: 'Running shoes', quantity: 1 }] });
    await issueQuote(request, delivered);
    await moveTo(request, delivered, 'delivered');

    await page.goto('/my-returns/');
    const { segment, gpsIfd } = gpsExif();
    const chosen = await cameraJpeg(page, segment);
    // The chosen file itself carries the position, so a clean upload proves the re-encoding.
    expect(chosen.includes(EXIF_MARKER) && chosen.includes(gpsIfd)).toBe(true);
    expect(chosen.length).toBeGreaterThan(50_000);
    expect(chosen.length).toBeLessThan(10_000_000);

    const posted: { body: Buffer | null; contentType: string }[] = [];
    // A routed request is the one Chromium hands over with its file bytes.
    await page.route(/\/orders\/\d+\/return_order$/, async (route) => {
      const sent = route.request();
      if (sent.method() === 'POST') posted.push({ body: sent.postDataBuffer(), contentType: (await sent.allHeaders())['content-type'] ?? '' });
      await route.continue();
    });

    await choose(page, 'Portal', 'Nike');
    await choose(page, 'Order', `Order ${delivered} - Nike`);
    await choose(page, 'Item', 'Running shoes');
    await page.getByLabel('Quantity').fill('1');
    await page.getByLabel('Photo of the item').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: chosen });
    await page.getByRole('button', { name: 'Schedule Return' }).click();
    await expect(toast(page, 'Refund Created')).toBeVisible();

    expect(posted).toHaveLength(1);
    const body = posted[0]?.body ?? Buffer.alloc(0);
    const photo = multipartFile(body, posted[0]?.contentType ?? '', 'return_photo');
    // The photo's own bytes must be in the body, so the checks below look at the image that left, not at an empty part.
    expect(photo?.headers, 'no return_photo part in the POST').toMatch(/filename="return-photo\.(webp|jpg|png)"/);
    const bytes = photo?.bytes ?? Buffer.alloc(0);
    expect(bytes.length).toBeGreaterThan(50_000);
    expect(body.includes(EXIF_MARKER), 'an EXIF block left with the photo').toBe(false);
    expect(body.includes(gpsIfd), 'the GPS position left with the photo').toBe(false);

    const size = await page.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
      return { width: bitmap.width, height: bitmap.height };
    }, bytes.toString('base64'));
    expect(size).toEqual({ width: 1600, height: 1200 });
  });
});
