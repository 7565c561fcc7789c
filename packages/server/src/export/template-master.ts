import { posix } from 'node:path';
import JSZip from 'jszip';
import { TEMPLATE_MESSAGES, type TemplateKind } from '@yuqing/core';
import { badRequest } from '../errors.js';

/** A logo image as drawn: its bytes and type. */
export interface TemplateLogo {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/** What an uploaded template gives an export: its theme's colours and its master's logo. */
export interface TemplateMaster {
  /** accent1 to accent6. */
  colors: string[];
  accent: string;
  background: string;
  logo?: TemplateLogo;
}

/** The file is untrusted: how many entries it may list and how much of one is read. */
const MAX_ENTRIES = 5000;
const MAX_XML_BYTES = 2 * 1024 * 1024;
/** A larger logo is left out, not refused. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** Where a kind keeps its parts. */
const LAYOUT: Record<
  TemplateKind,
  { main: string; theme: string; themeRels: string; logoRels: RegExp }
> = {
  pptx: {
    main: 'ppt/presentation.xml',
    theme: 'ppt/theme/theme1.xml',
    // The first slide master's relationships: its theme and the pictures it draws.
    themeRels: 'ppt/slideMasters/_rels/slideMaster1.xml.rels',
    logoRels: /^ppt\/slideMasters\/_rels\/slideMaster1\.xml\.rels$/,
  },
  docx: {
    main: 'word/document.xml',
    theme: 'word/theme/theme1.xml',
    themeRels: 'word/_rels/document.xml.rels',
    logoRels: /^word\/_rels\/header\d*\.xml\.rels$/,
  },
};

const refuse = (message: string) => badRequest(`data: ${message}`);

/**
 * Reads an uploaded .pptx or .docx: the colour scheme of its theme (the first slide master's
 * for slides, the document's for Word) and the first PNG or JPEG picture of its slide master or
 * of a Word header, taken as its logo. Refuses, naming why, a file that is not of the kind or
 * has no theme. Reads at most a few parts, each capped, however large the file claims they are.
 */
export async function readTemplateMaster(
  kind: TemplateKind,
  bytes: Uint8Array,
): Promise<TemplateMaster> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) throw refuse(TEMPLATE_MESSAGES[kind]);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw refuse(TEMPLATE_MESSAGES.unreadable);
  }
  if (Object.keys(zip.files).length > MAX_ENTRIES)
    throw refuse(`${TEMPLATE_MESSAGES.unreadable}（文件条目过多）`);
  const layout = LAYOUT[kind];
  if (!zip.file(layout.main)) throw refuse(TEMPLATE_MESSAGES[kind]);

  const related = (await relatedPaths(zip, layout.themeRels, 'theme'))[0];
  const theme = (related && (await readText(zip, related))) ?? (await readText(zip, layout.theme));
  if (theme === undefined) throw refuse(`模板文件缺少主题（${layout.theme}）`);
  const scheme = element(theme, 'clrScheme');
  if (scheme === undefined) throw refuse('模板主题中没有配色方案（a:clrScheme）');

  const colors = ['accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6']
    .map((slot) => schemeColor(scheme, slot))
    .filter((color): color is string => color !== undefined);
  const accent = colors[0] ?? schemeColor(scheme, 'dk2');
  if (!accent) throw refuse('模板主题的配色方案中没有强调色（accent1）');
  const background = schemeColor(scheme, 'lt1') ?? 'FFFFFF';
  const logo = await findLogo(zip, layout.logoRels);
  return { colors, accent, background, ...(logo && { logo }) };
}

/** The first PNG or JPEG picture the matching relationship parts point to, if small enough. */
async function findLogo(zip: JSZip, relsPattern: RegExp): Promise<TemplateLogo | undefined> {
  const parts = Object.keys(zip.files)
    .filter((name) => relsPattern.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const rels of parts) {
    for (const path of await relatedPaths(zip, rels, 'image')) {
      if (!/\.(png|jpe?g)$/i.test(path)) continue;
      const data = await readCapped(zip, path, LOGO_MAX_BYTES);
      if (!Buffer.isBuffer(data)) continue;
      const type = sniffLogo(data);
      if (type) return { data, type };
    }
  }
  return undefined;
}

/** The PNG or JPEG type its first bytes show. */
export function sniffLogo(data: Uint8Array): TemplateLogo['type'] | undefined {
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47)
    return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** The parts a relationships part points to with a relationship of `type` (the type's last word). */
async function relatedPaths(zip: JSZip, relsPath: string, type: string): Promise<string[]> {
  const xml = await readText(zip, relsPath);
  if (xml === undefined) return [];
  // `ppt/slideMasters/_rels/slideMaster1.xml.rels` speaks for `ppt/slideMasters/`.
  const base = posix.dirname(posix.dirname(relsPath));
  const paths: string[] = [];
  for (const [tag] of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const attrs = attributes(tag);
    if (attrs.TargetMode === 'External' || !attrs.Target) continue;
    if (attrs.Type?.split('/').pop() !== type) continue;
    const target = attrs.Target.startsWith('/')
      ? attrs.Target.slice(1)
      : posix.normalize(posix.join(base, attrs.Target));
    paths.push(target);
  }
  return paths;
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) attrs[name!] = value!;
  return attrs;
}

/** The inside of the first `<x:name …>…</x:name>`, whatever its namespace prefix. */
function element(xml: string, name: string): string | undefined {
  return new RegExp(`<(\\w+:)?${name}\\b[^>]*>([\\s\\S]*?)</(\\w+:)?${name}>`).exec(xml)?.[2];
}

/** A scheme slot's colour: an sRGB value, or a system colour's last value. */
function schemeColor(scheme: string, slot: string): string | undefined {
  const inside = element(scheme, slot);
  if (inside === undefined) return undefined;
  const tag = /<(?:\w+:)?(srgbClr|sysClr)\b[^>]*>/.exec(inside);
  if (!tag) return undefined;
  const attrs = attributes(tag[0]);
  const value = tag[1] === 'srgbClr' ? attrs.val : attrs.lastClr;
  return value && /^[0-9A-Fa-f]{6}$/.test(value) ? value.toUpperCase() : undefined;
}

/** An XML part as text; one that inflates beyond the cap is refused. */
async function readText(zip: JSZip, path: string): Promise<string | undefined> {
  const data = await readCapped(zip, path, MAX_XML_BYTES);
  if (data === 'too large') throw refuse(`${TEMPLATE_MESSAGES.unreadable}（${path} 过大）`);
  return data?.toString('utf8');
}

/**
 * A part's bytes, inflated no further than `max`: reading stops there, so a small entry that
 * claims or inflates to gigabytes costs a few chunks.
 */
async function readCapped(
  zip: JSZip,
  path: string,
  max: number,
): Promise<Buffer | 'too large' | undefined> {
  const file = zip.file(path);
  if (!file || file.dir) return undefined;
  // JSZip's own stream (typed here: its declarations leave it out) inflates in small chunks and
  // stops when paused.
  const stream = (
    file as unknown as { internalStream(type: 'nodebuffer'): PartStream }
  ).internalStream('nodebuffer');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream
      .on('data', (chunk) => {
        size += chunk.byteLength;
        if (size > max) {
          stream.pause();
          resolve('too large');
        } else chunks.push(chunk);
      })
      .on('error', () => reject(refuse(TEMPLATE_MESSAGES.unreadable)))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .resume();
  });
}

interface PartStream {
  on(event: 'data', listener: (chunk: Buffer) => void): PartStream;
  on(event: 'error', listener: (error: Error) => void): PartStream;
  on(event: 'end', listener: () => void): PartStream;
  resume(): PartStream;
  pause(): PartStream;
}

/** A picture's size in pixels, read from its header; undefined for one it cannot read. */
export function imageSize(logo: TemplateLogo): { width: number; height: number } | undefined {
  const data = logo.data;
  if (logo.type === 'image/png') {
    if (data.byteLength < 24) return undefined;
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  // JPEG: walk the segments to the first start-of-frame.
  let at = 2;
  while (at + 9 < data.byteLength) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    const length = data.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}

/** The largest size of a picture's proportions inside a box. */
export function fitLogo(
  logo: TemplateLogo,
  box: { w: number; h: number },
): { w: number; h: number } {
  const size = imageSize(logo);
  if (!size || size.width <= 0 || size.height <= 0) return box;
  const scale = Math.min(box.w / size.width, box.h / size.height);
  return { w: size.width * scale, h: size.height * scale };
}
