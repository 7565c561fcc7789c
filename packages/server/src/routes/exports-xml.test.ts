import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { pageQuery, type Report } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDashboard } from '../seed/demo-dashboard.js';
import { generateDemoPosts } from '../seed/demo/generate.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { buildUser, type BuiltProject } from '../../test/factories.js';

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
/** Characters XML 1.0 forbids, as an imported post or a report's text may carry them. */
const FORBIDDEN = '\u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF';

/**
 * Every XML part of an Office file, and of the files it embeds (a deck's charts keep their data
 * in embedded workbooks), each read by a strict, conforming XML parser: one that refuses what
 * Office refuses. Answers the parts' text content.
 */
async function parseXmlParts(file: Buffer, name = 'file'): Promise<string> {
  const zip = await JSZip.loadAsync(file);
  let text = '';
  let parts = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    if (/\.(xlsx|docx|pptx)$/.test(entry.name)) {
      text += await parseXmlParts(await entry.async('nodebuffer'), `${name}/${entry.name}`);
      continue;
    }
    if (!/\.(xml|rels)$/.test(entry.name)) continue;
    const parser = new SaxesParser({ xmlns: true });
    parser.on('text', (chunk) => (text += chunk));
    try {
      parser.write(await entry.async('string')).close();
    } catch (error) {
      throw new Error(`${name}/${entry.name}: ${(error as Error).message}`, { cause: error });
    }
    parts++;
  }
  expect(parts, `${name} holds no XML`).toBeGreaterThan(0);
  return text;
}

describe('exports of texts with characters XML cannot hold', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let viewer: string;
  const now = Date.now();
  const query = (page: string) => ({
    ...pageQuery(demoDashboard.pages[page]!, now, TZ),
    start: now - 30 * DAY,
    end: now,
  });

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    await ctx.app.ready();
    await seedIfEmpty(ctx.store);
    const record = (await ctx.store.tenancy.findProject(DEMO))!;
    project = { id: record.id, ...DEMO };
    // Every text of every post carries them: titles, texts, authors and media reach every
    // widget's figure (rankings, charts, word clouds, post lists).
    const posts = [...generateDemoPosts({ count: 300, seed: 24, now })].map((post) => ({
      ...post,
      title: `标题${FORBIDDEN}${post.title ?? ''}`,
      text: `正文${FORBIDDEN}${post.text ?? ''}`,
      author: `作者${FORBIDDEN}${post.author ?? ''}`,
      media: `媒体${FORBIDDEN}${post.media ?? ''}`,
    }));
    await ctx.importer.importStream(
      { projectId: record.id, timeZone: record.profile.timezone, discardWords: [] },
      Readable.from([posts.map((post) => JSON.stringify(post)).join('\n')]),
      'ndjson',
      { strict: true },
    );
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
  }, 300_000);
  afterAll(() => ctx.close());

  const post = (url: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      query: scopeQuery(project),
      headers: { cookie: viewer },
      payload,
    });
  const download = async (url: string) => {
    const file = await ctx.app.inject({ method: 'GET', url, headers: { cookie: viewer } });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };

  it.each(['overview', 'media', 'topic', 'spread', 'information'])(
    'writes the %s page as a deck and a brief of well-formed XML, the texts kept',
    async (page) => {
      const deck = await post('customlay/dashdata', { page, query: query(page), now });
      expect(deck.statusCode, deck.body).toBe(200);
      const deckText = await parseXmlParts(await download(deck.json().data.downloadUrl));
      const brief = await post('api/r11zt/jdata', { page, query: query(page), now });
      expect(brief.statusCode, brief.body).toBe(200);
      const briefText = await parseXmlParts(await download(brief.json().data.url));
      if (page === 'information') {
        expect(deckText).toContain('标题');
        expect(briefText).toContain('正文');
      }
    },
    60_000,
  );

  it('writes the posts workbook of well-formed XML', async () => {
    const answer = await post('download/addJob', {
      page: 'information',
      query: query('information'),
      now,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(await parseXmlParts(answer.rawPayload)).toContain('作者');
  }, 60_000);

  it("writes a report whose title and charts' texts carry them as a deck and a brief", async () => {
    const created = await post('report', {
      title: `周报${FORBIDDEN}`,
      desc: '',
      page: 'overview',
      query: query('overview'),
      now,
    });
    expect(created.statusCode, created.body).toBe(200);
    const report = created.json().data as Report;
    const chart = report.charts[0]!;
    const updated = await post('report', {
      id: report.id,
      title: `周报${FORBIDDEN}`,
      aggsText: {
        [chart.i]: { top_text: `上方${FORBIDDEN}文字`, footer_text: `下方${FORBIDDEN}文字` },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const format of ['pptx', 'docx']) {
      const exported = await post('report/export', { id: report.id, format });
      expect(exported.statusCode, exported.body).toBe(200);
      const text = await parseXmlParts(await download(exported.json().data.url));
      expect(text).toContain('周报');
      if (format === 'docx') expect(text).toContain('上方文字');
    }
  }, 60_000);
});
