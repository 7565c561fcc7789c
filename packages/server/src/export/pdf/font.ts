import { openSync, type Font } from 'fontkit';
import { CJK_FONT_FILE, requireCjkFont } from '../pictures.js';

let opened: Font | undefined;

/**
 * The CJK font every PDF is set in, read once: the first face of a collection (.ttc), which for
 * WenQuanYi is WenQuanYiMicroHei, not its Mono face.
 */
export function cjkFont(): Font {
  if (opened) return opened;
  requireCjkFont();
  const file = openSync(CJK_FONT_FILE);
  opened = 'fonts' in file ? file.fonts[0]! : file;
  return opened;
}

/** The text without characters the font has no glyph for (emoji), which would print as boxes. */
export function printable(text: string): string {
  const font = cjkFont();
  let kept = '';
  for (const char of text)
    if (/\s/.test(char) || font.hasGlyphForCodePoint(char.codePointAt(0)!)) kept += char;
  return kept;
}
