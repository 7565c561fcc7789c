import { posix } from 'node:path';
import JSZip from 'jszip';
import { TEMPLATE_MESSAGES, type TemplateKind } from '@yuqing/core';
import { invalidInput } from '../refusals.js';
import { ThreadCalls } from '../jobs/thread-calls.js';

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
/**
 * How many relationship parts (Word headers) and pictures of each are looked at for a logo, so
 * that a file of thousands of small parts that each inflate to the cap costs a few.
 */
const MAX_LOGO_PARTS = 16;
const MAX_RELATED = 64;
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

const refuse = (message: string) => invalidInput(`data: ${message}`);

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

  const slots = schemeColors(theme, scheme);
  const colors = SLOTS.slice(0, 6)
    .map((slot) => slots.get(slot))
    .filter((color): color is string => color !== undefined);
  const accent = colors[0] ?? slots.get('dk2');
  if (!accent) throw refuse('模板主题的配色方案中没有强调色（accent1）');
  const background = slots.get('lt1') ?? 'FFFFFF';
  const logo = await findLogo(zip, layout.logoRels);
  return { colors, accent, background, ...(logo && { logo }) };
}

/**
 * The thread templates are read in: inflating a part (a 16 KB piece of a zip can hold megabytes)
 * and reading it take tens to hundreds of milliseconds of a thread for a hostile file. A read
 * that takes longer than any real file would ends the thread.
 */
const templateThread = new ThreadCalls<{ kind: TemplateKind; bytes: Uint8Array }, TemplateMaster>(
  new URL('./template-thread.ts', import.meta.url),
  {
    timeoutMs: 20_000,
    timeoutMessage: `data: ${TEMPLATE_MESSAGES.unreadable}（读取超时）`,
    maxHeapMb: 256,
    idleMs: 60_000,
  },
);

/** `readTemplateMaster` in a worker thread, so that the server's own thread goes on answering. */
export async function readTemplateOffThread(
  kind: TemplateKind,
  bytes: Uint8Array,
): Promise<TemplateMaster> {
  const master = await templateThread.call({ kind, bytes });
  // The logo comes back as a plain Uint8Array.
  const logo = master.logo && {
    type: master.logo.type,
    data: Buffer.from(
      master.logo.data.buffer,
      master.logo.data.byteOffset,
      master.logo.data.byteLength,
    ),
  };
  return { ...master, ...(logo && { logo }) };
}

/** The first PNG or JPEG picture the matching relationship parts point to, if small enough. */
async function findLogo(zip: JSZip, relsPattern: RegExp): Promise<TemplateLogo | undefined> {
  const parts = Object.keys(zip.files)
    .filter((name) => relsPattern.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .slice(0, MAX_LOGO_PARTS);
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
  eachTag(xml, 0, xml.length, (tag) => {
    if (paths.length === MAX_RELATED) return true;
    if (tag.closing || tag.name !== 'Relationship') return;
    const attrs = attributes(xml.slice(tag.start, tag.end), RELATIONSHIP_ATTRIBUTES);
    const target = attrs.get('Target');
    if (attrs.get('TargetMode') === 'External' || !target) return;
    if (attrs.get('Type')?.split('/').pop() !== type) return;
    paths.push(
      target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(base, target)),
    );
  });
  return paths;
}

const RELATIONSHIP_ATTRIBUTES = ['Target', 'TargetMode', 'Type'];

/*
 * The parts are untrusted and up to 2 MB: they are read in one pass, each character looked at a
 * few times at most. (Regular expressions that looked for a tag's end or an element's closing tag
 * from every place one could start took seconds to minutes on a part of repeated openings.)
 */

/** A tag of an XML part: its name without namespace prefix, and where it starts and ends. */
interface Tag {
  name: string;
  closing: boolean;
  /** Ends with `/>`. */
  empty: boolean;
  start: number;
  /** Just past its `>`. */
  end: number;
}

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * Calls `visit` with each tag between `from` and `to`, in order, until it answers true. Comments
 * are passed over; a `<` without a later `>` ends the part.
 */
function eachTag(xml: string, from: number, to: number, visit: (tag: Tag) => boolean | void) {
  let at = xml.indexOf('<', from);
  while (at !== -1 && at < to) {
    if (xml.startsWith('<!--', at)) {
      const close = xml.indexOf('-->', at + 4);
      if (close === -1) return;
      at = xml.indexOf('<', close + 3);
      continue;
    }
    const last = xml.indexOf('>', at + 1);
    if (last === -1 || last >= to) return;
    const closing = xml.charCodeAt(at + 1) === 0x2f;
    let nameEnd = closing ? at + 2 : at + 1;
    let colon = nameEnd - 1;
    for (; nameEnd < last; nameEnd++) {
      const code = xml.charCodeAt(nameEnd);
      if (isSpace(code) || code === 0x2f) break;
      if (code === 0x3a) colon = nameEnd;
    }
    const name = xml.slice(colon + 1, nameEnd);
    const empty = xml.charCodeAt(last - 1) === 0x2f;
    if (visit({ name, closing, empty, start: at, end: last + 1 })) return;
    at = xml.indexOf('<', last + 1);
  }
}

/**
 * Where the inside of the first `<x:name …>…</x:name>` lies, whatever its namespace prefix: from
 * the first opening tag to the first closing one after it.
 */
function element(xml: string, name: string): { from: number; to: number } | undefined {
  let from: number | undefined;
  let to: number | undefined;
  eachTag(xml, 0, xml.length, (tag) => {
    if (tag.name !== name) return false;
    if (from === undefined && !tag.closing) {
      from = tag.end;
      if (tag.empty) to = tag.end;
    } else if (from !== undefined && tag.closing) to = tag.start;
    return to !== undefined;
  });
  return from === undefined || to === undefined ? undefined : { from, to };
}

const SLOTS = ['accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'dk2', 'lt1'];

/**
 * The colour of each slot of a colour scheme (`<a:accent1>`, `<a:lt1>`…; the first of each name):
 * its first sRGB value, or its first system colour's last value; none if that is no 6-digit hex.
 */
function schemeColors(xml: string, scheme: { from: number; to: number }): Map<string, string> {
  const colors = new Map<string, string>();
  const seen = new Set<string>();
  let slot: string | undefined;
  let colored = false;
  eachTag(xml, scheme.from, scheme.to, (tag) => {
    if (slot === undefined) {
      if (tag.closing || tag.empty || !SLOTS.includes(tag.name) || seen.has(tag.name)) return;
      slot = tag.name;
      colored = false;
      seen.add(slot);
    } else if (tag.closing && tag.name === slot) {
      slot = undefined;
    } else if (!colored && !tag.closing && (tag.name === 'srgbClr' || tag.name === 'sysClr')) {
      colored = true;
      const which = tag.name === 'srgbClr' ? 'val' : 'lastClr';
      const value = attributes(xml.slice(tag.start, tag.end), [which]).get(which);
      if (value && /^[0-9A-Fa-f]{6}$/.test(value)) colors.set(slot, value.toUpperCase());
    }
  });
  return colors;
}

/**
 * The values of the named attributes of a tag (`name="value"` or `name='value'`), the first of
 * each. One pass: each `=` is looked at once, with the name before it and the value after it.
 */
function attributes(tag: string, wanted: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  let at = 0;
  for (;;) {
    const equals = tag.indexOf('=', at);
    if (equals === -1) break;
    let nameEnd = equals;
    while (nameEnd > at && isSpace(tag.charCodeAt(nameEnd - 1))) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > at && !isSpace(tag.charCodeAt(nameStart - 1))) nameStart--;
    let valueStart = equals + 1;
    while (valueStart < tag.length && isSpace(tag.charCodeAt(valueStart))) valueStart++;
    const quote = tag[valueStart];
    if (quote !== '"' && quote !== "'") {
      at = equals + 1;
      continue;
    }
    const valueEnd = tag.indexOf(quote, valueStart + 1);
    if (valueEnd === -1) break;
    const name = tag.slice(nameStart, nameEnd);
    if (wanted.includes(name) && !found.has(name))
      found.set(name, tag.slice(valueStart + 1, valueEnd));
    at = valueEnd + 1;
  }
  return found;
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
