import { Resvg } from '@resvg/resvg-js';
import JSZip from 'jszip';
import type { TemplateKind } from '@yuqing/core';

/** A PNG of a size, in one colour. */
export function testPng(width: number, height: number, fill = '#C00000'): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const theme = (
  colors: readonly string[],
) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Test">
  <a:themeElements>
    <a:clrScheme name="Test">
      <a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1>
      <a:lt1><a:sysClr val="window" lastClr="FAFAF0"/></a:lt1>
      <a:dk2><a:srgbClr val="1F497D"/></a:dk2>
      <a:lt2><a:srgbClr val="EEECE1"/></a:lt2>
      ${colors.map((color, index) => `<a:accent${index + 1}><a:srgbClr val="${color}"/></a:accent${index + 1}>`).join('\n      ')}
      <a:hlink><a:srgbClr val="0000FF"/></a:hlink>
      <a:folHlink><a:srgbClr val="800080"/></a:folHlink>
    </a:clrScheme>
  </a:themeElements>
</a:theme>`;

const rels = (entries: { type: string; target: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${entries
    .map(
      (entry, index) =>
        `<Relationship Id="rId${index + 1}" Type="${REL}/${entry.type}" Target="${entry.target}"/>`,
    )
    .join('')}</Relationships>`;

/**
 * A small .pptx or .docx carrying a theme with these accent colours and, when given, a logo the
 * first slide master (slides) or the first header (Word) shows: what PowerPoint and Word write,
 * reduced to the parts a template is read from.
 */
export async function templateFile(
  kind: TemplateKind,
  options: { colors: readonly string[]; logo?: Buffer; theme?: boolean },
): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  const withTheme = options.theme ?? true;
  if (kind === 'pptx') {
    zip.file('ppt/presentation.xml', '<p:presentation/>');
    zip.file('ppt/slideMasters/slideMaster1.xml', '<p:sldMaster/>');
    zip.file(
      'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      rels([
        { type: 'slideLayout', target: '../slideLayouts/slideLayout1.xml' },
        ...(withTheme ? [{ type: 'theme', target: '../theme/theme2.xml' }] : []),
        ...(options.logo ? [{ type: 'image', target: '../media/image7.png' }] : []),
      ]),
    );
    // The master's theme is theme2; theme1 is a decoy with other colours.
    if (withTheme) {
      zip.file('ppt/theme/theme1.xml', theme(['111111']));
      zip.file('ppt/theme/theme2.xml', theme(options.colors));
    }
    if (options.logo) zip.file('ppt/media/image7.png', options.logo);
  } else {
    zip.file('word/document.xml', '<w:document/>');
    zip.file('word/_rels/document.xml.rels', rels([{ type: 'header', target: 'header1.xml' }]));
    zip.file('word/header1.xml', '<w:hdr/>');
    if (options.logo) {
      zip.file('word/_rels/header1.xml.rels', rels([{ type: 'image', target: 'media/logo.png' }]));
      zip.file('word/media/logo.png', options.logo);
    }
    if (withTheme) zip.file('word/theme/theme1.xml', theme(options.colors));
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A file as the upload routes take it. */
export const dataUrl = (bytes: Buffer, type = 'application/octet-stream') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** A part of about `size` characters: `unit` repeated, cut to the size. */
const repeated = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/**
 * Templates an attacker could upload, of a kind: each a few kilobytes that inflate to parts of
 * `size` characters made to cost a reader the most (openings never closed, tags without an end,
 * a tag of one endless name, thousands of relationships), and a part inflating to 16 MB.
 */
export async function hostileTemplateFiles(
  kind: TemplateKind,
  size = 2 * 1024 * 1024 - 1024,
): Promise<{ name: string; file: Buffer }[]> {
  const themePath = kind === 'pptx' ? 'ppt/theme/theme2.xml' : 'word/theme/theme1.xml';
  const relsPath =
    kind === 'pptx'
      ? 'ppt/slideMasters/_rels/slideMaster1.xml.rels'
      : 'word/_rels/header1.xml.rels';
  const parts: { name: string; path: string; xml: string }[] = [
    { name: 'schemes never closed', path: themePath, xml: repeated('<a:clrScheme>', size) },
    { name: 'scheme tags without an end', path: themePath, xml: repeated('<a:clrScheme ', size) },
    {
      name: 'colour tags without an end',
      path: themePath,
      xml: `<a:clrScheme><a:accent1>${repeated('<a:srgbClr ', size)}`,
    },
    { name: 'relationships without an end', path: relsPath, xml: repeated('<Relationship ', size) },
    {
      name: 'a relationship of one endless name',
      path: relsPath,
      xml: `<Relationship ${repeated('Target', size)}>`,
    },
    {
      name: 'thousands of picture relationships',
      path: relsPath,
      xml: repeated(`<Relationship Type="${REL}/image" Target="media/a.png"/>`, size),
    },
    { name: 'a part inflating to 16 MB', path: themePath, xml: ' '.repeat(16 * 1024 * 1024) },
  ];
  const base = await templateFile(kind, { colors: ['C00000'] });
  return Promise.all(
    parts.map(async ({ name, path, xml }) => {
      const zip = await JSZip.loadAsync(base);
      zip.file(path, xml);
      if (kind === 'docx' && path === relsPath) zip.file('word/header1.xml', '<w:hdr/>');
      const file = await zip.generateAsync({
        type: 'nodebuffer',
        compression: 'DEFLATE',
        compressionOptions: { level: 9 },
      });
      return { name, file };
    }),
  );
}
