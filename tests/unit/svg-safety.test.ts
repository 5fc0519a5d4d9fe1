import { describe, expect, it } from 'vitest';
import { svgProblems, svgRefusal } from '../../scripts/svg-safety.mjs';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const RUNS = "which could run code in a shopper's browser";
const EXPORT_AGAIN = 'Export the picture again as a plain SVG, without scripts, links or embedded content, or upload a PNG.';
const SAVE_AS_UTF8 = 'Save it again as UTF-8 (the usual choice in drawing programs), or upload a PNG.';

/** The text as UTF-16 little-endian bytes, with or without its byte-order mark. */
const utf16 = (text: string, bom = true) => Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');

describe('the three SVGs of issue 53, which ran script past the old text match', () => {
  it('refuses a script in the XHTML namespace under another prefix', () => {
    expect(
      svgRefusal(
        'logo.svg',
        `<svg ${SVG}><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(document.domain)</x:script></svg>`,
      ),
    ).toBe(`logo.svg: has a script element (x:script), ${RUNS}. ${EXPORT_AGAIN}`);
  });

  it('refuses a script with an svg: prefix', () => {
    const svg = `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(document.domain)</svg:script></svg:svg>`;
    expect(svgRefusal('logo.svg', svg)).toBe(`logo.svg: has a script element (svg:script), ${RUNS}. ${EXPORT_AGAIN}`);
  });

  it('refuses a UTF-16 file, with or without its byte-order mark, and a UTF-32 one', () => {
    const drawing = `<svg ${SVG}><script>alert(document.domain)</script></svg>`;
    expect(svgRefusal('logo.svg', utf16(drawing))).toBe(
      `logo.svg: is saved as UTF-16, and the site takes only UTF-8. ${SAVE_AS_UTF8}`,
    );
    expect(svgRefusal('logo.svg', Buffer.from([0xfe, 0xff, 0x00, 0x3c]))).toContain('is saved as UTF-16');
    expect(svgProblems(utf16(drawing, false))).toEqual([
      'is not saved as UTF-8 (it has zero bytes, as UTF-16 and UTF-32 files do)',
    ]);
    expect(svgProblems(Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x3c, 0, 0, 0]))).toEqual([
      'is saved as UTF-32, and the site takes only UTF-8',
    ]);
  });
});

describe('SVGs that could run or load something', () => {
  const HOSTILE: [string, string][] = [
    [`<svg ${SVG}><script>alert(1)</script></svg>`, `has a script element (script), ${RUNS}`],
    [`<svg ${SVG}><SCRIPT>alert(1)</SCRIPT></svg>`, `has a script element (SCRIPT), ${RUNS}`],
    [`<svg ${SVG}><rect width="9" height="9" onload="alert(1)"/></svg>`, `has an event handler (onload on rect), ${RUNS}`],
    [`<svg ${SVG} xmlns:e="urn:x"><rect e:onclick="alert(1)"/></svg>`, `has an event handler (e:onclick on rect), ${RUNS}`],
    [
      `<svg ${SVG}><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>`,
      `has embedded web content (foreignObject), ${RUNS}`,
    ],
    [`<svg ${SVG}><a href="javascript:alert(1)"><text>go</text></a></svg>`, `has a javascript: link (href on a), ${RUNS}`],
    [`<svg ${SVG}><a href=" java&#x09;script:alert(1)"><text>go</text></a></svg>`, `has a javascript: link (href on a), ${RUNS}`],
    [
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/s.svg#a"/></svg>`,
      'links to something outside the picture (xlink:href on use: https://evil.example/s.svg#a), which would be loaded from elsewhere',
    ],
    [
      `<svg ${SVG}><image href="https://tracker.example/p.png"/></svg>`,
      'links to something outside the picture (href on image: https://tracker.example/p.png)',
    ],
    [
      `<svg ${SVG}><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`,
      'embeds another file (href on image: data:image/svg+xml;base64,PHN2Zz4=)',
    ],
    [
      `<svg ${SVG}><rect style="fill: url(https://evil.example/x)"/></svg>`,
      'uses url(https://evil.example/x) in style on rect, which would load something from elsewhere',
    ],
    [`<svg ${SVG}><rect fill="URL('//evil.example/x')"/></svg>`, 'uses url(//evil.example/x) in fill on rect'],
    [
      `<svg ${SVG}><rect style="fill: u\\72l(https://evil.example/x)"/></svg>`,
      'has an escaped character in its styles (\\ in style on rect)',
    ],
    [
      `<svg ${SVG}><style>@import "https://evil.example/a.css";</style></svg>`,
      'imports a stylesheet (@import in a style element)',
    ],
    [`<!DOCTYPE svg [<!ENTITY x "y">]><svg ${SVG}/>`, 'declares entities in its DOCTYPE'],
    [
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG}>&x;</svg>`,
      'is not a well-formed SVG file (entity not found:&x;)',
    ],
    [`<?xml-stylesheet href="https://evil.example/a.css"?><svg ${SVG}/>`, 'has a processing instruction (<?xml-stylesheet?>)'],
    [
      `<svg ${SVG}><set attributeName="href" to="javascript:alert(1)"/></svg>`,
      "has an animation (set), which could change the picture's links after it is checked",
    ],
    [
      `<svg ${SVG}><h:div xmlns:h="http://www.w3.org/1999/xhtml"/></svg>`,
      'has an element that is not SVG (h:div, from http://www.w3.org/1999/xhtml)',
    ],
    [
      `<svg ${SVG}><g xmlns:i="http://ns.inkscape.example" i:label="a"/></svg>`,
      'has an attribute that is not SVG (i:label on g, from http://ns.inkscape.example)',
    ],
    [`<svg ${SVG}><cursor href="#c"/></svg>`, 'has an SVG element the site does not take (cursor)'],
    [`<svg ${SVG}><a target="_top" href="#a"/></svg>`, 'has an attribute the site does not take (target on a)'],
    [`<svg ${SVG} xml:base="https://evil.example/"/>`, 'has an attribute the site does not take (xml:base on svg)'],
    [
      '<svg><rect/></svg>',
      'is not marked as an SVG picture (its outer element must be <svg xmlns="http://www.w3.org/2000/svg">)',
    ],
    [`<svg ${SVG}><rect></svg>`, 'is not a well-formed SVG file'],
    [
      `<?xml version="1.0" encoding="ISO-8859-1"?><svg ${SVG}/>`,
      'declares the encoding ISO-8859-1, and the site takes only UTF-8',
    ],
  ];

  it.each(HOSTILE)('finds what is wrong in %s', (svg, why) => {
    expect(svgProblems(svg).join('; ')).toContain(why);
  });

  it('refuses bytes that are not UTF-8, saying to save the file as UTF-8', () => {
    const latin1 = Buffer.concat([Buffer.from(`<svg ${SVG}><title>caf`), Buffer.from([0xe9]), Buffer.from('</title></svg>')]);
    expect(svgRefusal('cafe.svg', latin1)).toBe(
      `cafe.svg: is not saved as UTF-8 (some of its bytes are not UTF-8 text). ${SAVE_AS_UTF8}`,
    );
  });

  it('names each thing wrong once, then what to do', () => {
    const svg = `<svg ${SVG}><rect onclick="a()"/><rect onclick="a()"/><foreignObject/></svg>`;
    expect(svgRefusal('banner.svg', svg)).toBe(
      `banner.svg: has an event handler (onclick on rect), ${RUNS}; has embedded web content (foreignObject), ${RUNS}. ${EXPORT_AGAIN}`,
    );
  });

  it('lets a drawing through: shapes, text, styles, gradients, filters and #fragment references, in UTF-8 with or without a mark', () => {
    const drawing = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" xml:space="preserve" viewBox="0 0 10 10" role="img" aria-label="Café" data-name="Layer 1">
  <title>Café</title><!-- a comment -->
  <style><![CDATA[ .a { fill: url(#g); stroke: #000 } ]]></style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h9"/>
  <filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs>
  <rect class="a" fill="url('#g')" width="10" height="10" filter="url(#f)"/><use xlink:href="#p"/><use href="#p"/>
  <a href="#p"><text x="1" y="9" font-family="Arial">&amp; é</text></a>
</svg>`;
    expect(svgProblems(drawing)).toEqual([]);
    expect(svgRefusal('drawing.svg', Buffer.from(`\ufeff${drawing}`, 'utf8'))).toBeNull();
  });
});
