const SENTENCE_END = 2;
const CLAUSE_END = 1;
/**
 * What each character ends, by its code: a sentence (full stops, exclamation and question marks,
 * semicolons, line breaks) or a clause (commas, colons).
 */
const ENDS = new Map<number, number>([
  ...[...'。！？!?;；\n…'].map((char) => [char.charCodeAt(0), SENTENCE_END] as const),
  ...[...'，,、：:'].map((char) => [char.charCodeAt(0), CLAUSE_END] as const),
]);

/** Where each sentence and clause of a text starts, as offsets in ascending order. */
export interface TextUnits {
  sentenceStarts: number[];
  clauseStarts: number[];
}

/**
 * The sentences and clauses of a normalised text. A run of enders (`！！`, `，”。`) ends one
 * unit, a sentence if any of them ends sentences; the next unit starts after the run.
 */
export function splitUnits(text: string): TextUnits {
  const sentenceStarts = [0];
  const clauseStarts = [0];
  let endsSentence = false;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    const ends = ENDS.get(text.charCodeAt(i));
    if (ends !== undefined) {
      inRun = true;
      endsSentence ||= ends === SENTENCE_END;
      continue;
    }
    if (!inRun) continue;
    if (endsSentence) sentenceStarts.push(i);
    clauseStarts.push(i);
    inRun = false;
    endsSentence = false;
  }
  return { sentenceStarts, clauseStarts };
}

/**
 * A cursor over ascending unit starts: the index of the unit holding each of a series of
 * ascending offsets, in one pass.
 */
export function unitCursor(starts: readonly number[]) {
  let unit = 0;
  return (offset: number) => {
    while (unit + 1 < starts.length && starts[unit + 1]! <= offset) unit++;
    return unit;
  };
}
