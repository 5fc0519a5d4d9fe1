import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';

// An SVG an editor uploads through the studio is served from the shop's own origin, so anything in it that runs or
// loads would do so there. Each file is parsed as XML with its namespaces (as a browser reads it, so a prefix or a
// namespace cannot hide a script) and must hold only SVG elements and attributes from the lists below, refer only to
// its own parts (#name), and be UTF-8, the one encoding read the same way by this check and by every browser.

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// What a drawing is made of. Left out: script and foreignObject (said apart below); the animation elements (set,
// animate, animateMotion, animateTransform, discard), which can change an attribute such as href after the check;
// cursor, font and glyph elements, which load or are obsolete; and anything else not named here.
// prettier-ignore
const ELEMENTS = new Set(
  [
    'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata', 'switch', 'view', 'a', 'style', 'image',
    'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
    'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter',
    'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
    'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
    'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
    'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
  ],
);

const ANIMATIONS = new Set(['set', 'animate', 'animateMotion', 'animateTransform', 'animateColor', 'discard']);

// Attributes without a namespace: geometry, presentation, filter and text settings, and accessibility. No event
// handlers (on*), no target, no xml:base; href is checked apart (#name only).
// prettier-ignore
const ATTRIBUTES = new Set(
  [
    'id', 'class', 'style', 'lang', 'tabindex', 'role', 'focusable', 'version', 'baseProfile', 'type', 'media',
    'href', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'dx', 'dy', 'z',
    'width', 'height', 'viewBox', 'preserveAspectRatio', 'transform', 'd', 'points', 'pathLength',
    'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits',
    'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits', 'markerWidth',
    'markerHeight', 'refX', 'refY', 'orient', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result',
    'stdDeviation', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4', 'values', 'tableValues', 'slope', 'intercept',
    'amplitude', 'exponent', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'scale', 'xChannelSelector',
    'yChannelSelector', 'kernelMatrix', 'order', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode',
    'kernelUnitLength', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant',
    'specularExponent', 'azimuth', 'elevation', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle',
    'radius', 'lengthAdjust', 'textLength', 'rotate', 'startOffset', 'method', 'spacing', 'side',
    'systemLanguage', 'requiredFeatures',
    'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
    'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color',
    'display', 'visibility', 'overflow', 'clip', 'clip-path', 'clip-rule', 'mask', 'mask-type', 'filter',
    'marker-start', 'marker-mid', 'marker-end', 'stop-color', 'stop-opacity', 'flood-color', 'flood-opacity',
    'lighting-color', 'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering',
    'color-interpolation', 'color-interpolation-filters', 'color-rendering', 'mix-blend-mode', 'isolation',
    'transform-origin', 'transform-box', 'enable-background', 'pointer-events', 'text-anchor',
    'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'font-family', 'font-size', 'font-size-adjust',
    'font-weight', 'font-style', 'font-variant', 'font-stretch', 'letter-spacing', 'word-spacing',
    'text-decoration', 'writing-mode', 'direction', 'unicode-bidi', 'kerning',
  ],
);

const EXPORT_AGAIN = 'Export the picture again as a plain SVG, without scripts, links or embedded content, or upload a PNG.';
const SAVE_AS_UTF8 = 'Save it again as UTF-8 (the usual choice in drawing programs), or upload a PNG.';
const RUNS_CODE = "which could run code in a shopper's browser";

/** One thing wrong with a file, and what the editor does about it. */
const finding = (text, fix = EXPORT_AGAIN) => ({ text, fix });

// The bytes as text, or why they are not UTF-8. A browser honours a UTF-16 or UTF-32 byte-order mark, or an encoding
// declaration, over the type it is served with; a check that read the file another way would not see what it runs.
function decodeUtf8(bytes) {
  const boms = [
    [[0x00, 0x00, 0xfe, 0xff], 'UTF-32'],
    [[0xff, 0xfe, 0x00, 0x00], 'UTF-32'],
    [[0xfe, 0xff], 'UTF-16'],
    [[0xff, 0xfe], 'UTF-16'],
  ];
  for (const [bom, encoding] of boms) {
    if (bom.every((byte, i) => bytes[i] === byte))
      return { problem: finding(`is saved as ${encoding}, and the site takes only UTF-8`, SAVE_AS_UTF8) };
  }
  if (bytes.includes(0))
    return { problem: finding('is not saved as UTF-8 (it has zero bytes, as UTF-16 and UTF-32 files do)', SAVE_AS_UTF8) };
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { problem: finding('is not saved as UTF-8 (some of its bytes are not UTF-8 text)', SAVE_AS_UTF8) };
  }
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*(["'])(.*?)\1/.exec(text)?.[2];
  if (declared !== undefined && declared.trim().toLowerCase() !== 'utf-8') {
    return { problem: finding(`declares the encoding ${declared}, and the site takes only UTF-8`, SAVE_AS_UTF8) };
  }
  return { text };
}

// What in a style (an attribute's value or a <style> element) could load something or hide it: url() that is not a
// #name of the file, @import, and backslash escapes, with which `u\72l(` reads as url(.
function styleFindings(css, where) {
  const found = [];
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/\\/.test(bare))
    found.push(
      finding(
        `has an escaped character in its styles (\\ in ${where}), which could hide a link to something outside the picture`,
      ),
    );
  if (/@import/i.test(bare))
    found.push(finding(`imports a stylesheet (@import in ${where}), which would load something from elsewhere`));
  for (const [, , target] of bare.matchAll(/url\(\s*(["']?)\s*([^)]*)/gi)) {
    if (!target.startsWith('#'))
      found.push(
        finding(
          `uses url(${shorten(target.replace(/["']\s*$/, ''))}) in ${where}, which would load something from elsewhere; a picture may refer only to its own parts (#name)`,
        ),
      );
  }
  return found;
}

const shorten = (value) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

// Why an href (or xlink:href) may not stay: only a #name of the file itself is plainly safe.
function linkFinding(attr, element) {
  // A browser drops control characters and spaces from an address before reading its scheme.
  const value = [...attr.value].filter((c) => c.charCodeAt(0) > 0x20).join('');
  if (value.startsWith('#')) return undefined;
  const where = `${attr.name} on ${element.nodeName}`;
  if (/^javascript:/i.test(value)) return finding(`has a javascript: link (${where}), ${RUNS_CODE}`);
  if (/^data:/i.test(value))
    return finding(
      `embeds another file (${where}: ${shorten(attr.value.trim())}); a picture may refer only to its own parts (#name)`,
    );
  return finding(
    `links to something outside the picture (${where}: ${shorten(attr.value.trim())}), which would be loaded from elsewhere; a picture may refer only to its own parts (#name)`,
  );
}

function attributeFindings(element) {
  const found = [];
  for (const attr of Array.from(element.attributes)) {
    const where = `${attr.name} on ${element.nodeName}`;
    const ns = attr.namespaceURI;
    if (ns === XMLNS_NS) continue; // a namespace declaration only names a vocabulary; what uses it is checked
    if (/^on/i.test(attr.localName)) {
      found.push(finding(`has an event handler (${where}), ${RUNS_CODE}`));
    } else if (attr.localName === 'href' && (ns === null || ns === XLINK_NS)) {
      const link = linkFinding(attr, element);
      if (link) found.push(link);
    } else if (ns === XML_NS) {
      if (!['space', 'lang'].includes(attr.localName)) found.push(finding(`has an attribute the site does not take (${where})`));
    } else if (ns !== null) {
      found.push(finding(`has an attribute that is not SVG (${where}, from ${ns})`));
    } else if (!ATTRIBUTES.has(attr.localName) && !/^(aria|data)-[a-z0-9-]+$/.test(attr.localName)) {
      found.push(finding(`has an attribute the site does not take (${where})`));
    } else {
      found.push(...styleFindings(attr.value, where));
    }
  }
  return found;
}

function elementFindings(element) {
  const name = element.nodeName;
  const local = element.localName ?? name;
  if (local.toLowerCase() === 'script') return [finding(`has a script element (${name}), ${RUNS_CODE}`)];
  if (local.toLowerCase() === 'foreignobject') return [finding(`has embedded web content (${name}), ${RUNS_CODE}`)];
  if (element.namespaceURI !== SVG_NS) {
    return [
      finding(
        `has an element that is not SVG (${name}${element.namespaceURI ? `, from ${element.namespaceURI}` : ', without the SVG namespace'})`,
      ),
    ];
  }
  if (ANIMATIONS.has(local))
    return [finding(`has an animation (${name}), which could change the picture's links after it is checked`)];
  if (!ELEMENTS.has(local)) return [finding(`has an SVG element the site does not take (${name})`)];
  const found = attributeFindings(element);
  if (local === 'style') found.push(...styleFindings(element.textContent ?? '', `a style element`));
  return found;
}

function documentFindings(text) {
  let doc;
  const errors = [];
  try {
    // As XML: as image/svg+xml the parser would give unmarked elements the SVG namespace, which a browser does not.
    doc = new DOMParser({
      onError: (level, message) => {
        errors.push(String(message).split('\n')[0]);
        if (level === 'fatalError') throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
  } catch {
    // the message is in errors
  }
  if (errors.length > 0 || !doc) return [finding(`is not a well-formed SVG file (${errors[0] ?? 'it could not be read'})`)];
  const found = [];
  for (const node of Array.from(doc.childNodes)) {
    if (node.nodeType === node.DOCUMENT_TYPE_NODE && node.internalSubset.trim() !== '') {
      found.push(finding('declares entities in its DOCTYPE, which could pull in other files or hide what the picture holds'));
    } else if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE && node.target !== 'xml') {
      found.push(finding(`has a processing instruction (<?${node.target}?>), which could load a stylesheet from elsewhere`));
    }
  }
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    return [...found, finding(`is not marked as an SVG picture (its outer element must be <svg xmlns="${SVG_NS}">)`)];
  }
  const walk = (element) => {
    const own = elementFindings(element);
    found.push(...own);
    // A refused element is named once, not with everything inside it.
    if (element.namespaceURI !== SVG_NS || !ELEMENTS.has(element.localName)) return;
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === child.ELEMENT_NODE) walk(child);
      else if (child.nodeType === child.PROCESSING_INSTRUCTION_NODE)
        found.push(finding(`has a processing instruction (<?${child.target}?>), which could load a stylesheet from elsewhere`));
    }
  };
  walk(root);
  return found;
}

function findings(content) {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const { text, problem } = decodeUtf8(bytes);
  if (problem) return [problem];
  const seen = new Set();
  return documentFindings(text).filter(({ text: what }) => !seen.has(what) && seen.add(what));
}

/** What in an SVG (its bytes, or its text) could run or load something, or keeps it from being read as plain UTF-8 SVG (empty when it only draws). */
export function svgProblems(content) {
  return findings(content).map(({ text }) => text);
}

/** The message an editor reads for an SVG named `name`: what is wrong and what to do; null when it is a plain drawing. */
export function svgRefusal(name, content) {
  const found = findings(content);
  if (found.length === 0) return null;
  const shown = found.slice(0, 5).map(({ text }) => text);
  if (found.length > shown.length) shown.push(`and ${found.length - shown.length} more`);
  return `${name}: ${shown.join('; ')}. ${[...new Set(found.map(({ fix }) => fix))].join(' ')}`;
}

async function svgFiles(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.svg')).map((e) => join(e.parentPath, e.name));
}

/** The refusal of every SVG under these folders that is not a plain UTF-8 drawing, each named relative to `root`. */
export async function unsafeSvgs(root, dirs) {
  const found = [];
  for (const dir of dirs) {
    for (const file of await svgFiles(join(root, dir))) {
      const refusal = svgRefusal(relative(root, file), await readFile(file));
      if (refusal) found.push(refusal);
    }
  }
  return found;
}
