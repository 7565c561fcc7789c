import { nameValue, statisticsAnswer, summarizeReport, summarySearches } from '@yuqing/core';
import { z } from 'zod';

const platformsAnswer = z.object({ list: z.array(nameValue) });

/**
 * The figures of a query in the sentences the rule-written summary states (volume and its change,
 * the sentiment split, engagement, the leading platform), and the volume they are of.
 */
export async function reportFigures(
  search: (body: unknown) => Promise<unknown>,
  query: object,
  labels: ReadonlyMap<string, string>,
): Promise<{ volume: number; lines: string[] }> {
  const searches = summarySearches(query);
  const [statistics, platforms] = await Promise.all([
    search(searches.statistics).then((answer) => statisticsAnswer.parse(answer)),
    search(searches.platforms).then((answer) => platformsAnswer.parse(answer)),
  ]);
  const top = platforms.list[0];
  return {
    volume: statistics.current.volume,
    lines: summarizeReport(
      statistics,
      top && { name: labels.get(top.name) ?? top.name, value: top.value },
    ),
  };
}
