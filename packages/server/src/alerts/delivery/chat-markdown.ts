import type { MarkupDialect } from './message-lines.js';

/**
 * WeCom's and DingTalk's Markdown knows no escapes: characters that could start markup in text
 * from posts become their full-width forms, which read the same and are never markup.
 */
const FULL_WIDTH: Record<string, string> = {
  '[': '［',
  ']': '］',
  '(': '（',
  ')': '）',
  '<': '＜',
  '>': '＞',
  '*': '＊',
  _: '＿',
  '#': '＃',
  '`': '｀',
  '~': '～',
  '|': '｜',
  '!': '！',
  '\\': '＼',
  '&': '＆',
};

export const chatMarkdown: MarkupDialect = {
  text: (value) =>
    value.replace(/\s+/g, ' ').replace(/[[\]()<>*_#`~|!\\&]/g, (c) => FULL_WIDTH[c]!),
  link: (label, url) => `[${label}](${url})`,
  bold: (value) => `**${value}**`,
};
