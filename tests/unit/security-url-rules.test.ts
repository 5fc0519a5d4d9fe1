import { isHttpUrl, messages, url } from '../../src/lib/schemas/rules';

const refusedSchemes = [
  'javascript:alert(1)',
  'JavaScript:alert(1)//https://www.amazon.com',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'ftp://ftp.example.com/product',
  'file:///etc/passwd',
  'blob:https://www.amazon.com/1234',
  '//www.amazon.com/dp/1',
  '/dp/B08KTZ8249',
  'https://',
];

describe('the product URL rule', () => {
  it.each(refusedSchemes)('refuses %j with the spec message', async (value) => {
    expect(isHttpUrl(value.trim())).toBe(false);
    await expect(url.validate(value)).rejects.toThrow(messages.url);
  });

  it('accepts http and https product pages', async () => {
    await expect(url.validate('https://www.amazon.com/dp/B08KTZ8249')).resolves.toBeTruthy();
    await expect(url.validate('  http://shop.example.co.za/item?id=1  ')).resolves.toBeTruthy();
  });
});
