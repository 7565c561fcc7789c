import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredTagRules } from '@yuqing/core';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { DuckDbEngine } from '../packages/server/src/engine/duckdb/engine.js';
import { storedTagsOf } from '../packages/server/src/ingest/import-tagging.js';
import { PostImporter } from '../packages/server/src/ingest/importer.js';
import { compileMatcher } from '../packages/server/src/tagging/compile-matcher.js';
import { demoRules } from '../packages/server/src/seed/demo-rules.js';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Imports `count` demo posts (they bring no kg_infos) into a fresh DuckDB engine through the
 * import pipeline, without and with the demo rules, alternating `runs` times so that both meet
 * the same load of a shared machine. Posts a second over wall time and over the process's CPU
 * time (worker threads included); the target is tagging within 15% of import without it.
 * After each import with tagging, the same posts are re-tagged in place (PostsEngine.retag).
 */
export async function benchImportTagging(count: number, runs: number) {
  const dir = await mkdtemp(join(tmpdir(), 'yuqing-bench-import-tagging-'));
  const file = join(dir, 'posts.ndjson');
  await pipeline(
    Readable.from(
      (function* () {
        for (const post of generateDemoPosts({ count, seed: 42, now: Date.UTC(2026, 10, 1) }))
          yield `${JSON.stringify(post)}\n`;
      })(),
    ),
    createWriteStream(file),
  );
  const rules: StoredTagRules = { rules: demoRules, updatedAt: null, updatedBy: null };
  const scope = { projectId: 'bench', timeZone: 'Asia/Shanghai' };
  const perSecond = {
    off: { wall: [] as number[], cpu: [] as number[] },
    on: { wall: [] as number[], cpu: [] as number[] },
    retag: { wall: [] as number[], cpu: [] as number[] },
  };
  const record = (kind: keyof typeof perSecond, posts: number, wall: number, cpu: number) => {
    const seconds = { wall: (performance.now() - wall) / 1000, cpu: (cpuMs() - cpu) / 1000 };
    perSecond[kind].wall.push(Math.round(posts / seconds.wall));
    perSecond[kind].cpu.push(Math.round(posts / seconds.cpu));
    console.error(`${kind}:`, JSON.stringify(seconds));
  };
  try {
    for (let run = 0; run < runs; run++) {
      for (const mode of ['off', 'on'] as const) {
        const runDir = join(dir, `${mode}-${run}`);
        await mkdir(runDir);
        const engine = await DuckDbEngine.open({
          path: join(runDir, 'posts.duckdb'),
          stagingDir: join(runDir, 'staging'),
        });
        const importer = new PostImporter(engine);
        try {
          const [wall, cpu] = [performance.now(), cpuMs()];
          const report = await importer.importStream(
            { ...scope, discardWords: [], tagRules: mode === 'on' ? rules : undefined },
            createReadStream(file),
            'ndjson',
            { strict: true },
          );
          record(mode, report.imported, wall, cpu);
          if (mode === 'on') {
            // The same posts re-tagged in place, as after a rule change (the rules compiled first).
            const matcher = compileMatcher(demoRules);
            const [retagWall, retagCpu] = [performance.now(), cpuMs()];
            await engine.retag(scope, (post) => storedTagsOf(post, matcher));
            record('retag', report.imported, retagWall, retagCpu);
          }
        } finally {
          await importer.close();
          await engine.close();
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const summary = (mode: keyof typeof perSecond) => ({
    postsPerSecondWall: median(perSecond[mode].wall),
    postsPerCpuSecond: median(perSecond[mode].cpu),
    runs: perSecond[mode],
  });
  const off = summary('off');
  const on = summary('on');
  return {
    posts: count,
    withoutTagging: off,
    withTagging: on,
    retag: summary('retag'),
    slowerWall: Math.round((1 - on.postsPerSecondWall / off.postsPerSecondWall) * 1000) / 1000,
    slowerCpu: Math.round((1 - on.postsPerCpuSecond / off.postsPerCpuSecond) * 1000) / 1000,
  };
}
