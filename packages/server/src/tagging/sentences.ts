const SENTENCE_END = 2;
const CLAUSE_END = 1;
/**
 * What each character ends, by its code: a sentence (full stops, exclamation and question marks,
 * semicolons, line breaks) or a clause (commas, colons); 0 for neither.
 */
const ENDS = new Uint8Array(0x10000);
for (const char of '。！？!?;；\n…') ENDS[char.charCodeAt(0)] = SENTENCE_END;
for (const char of '，,、：:') ENDS[char.charCodeAt(0)] = CLAUSE_END;

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
    const ends = ENDS[text.charCodeAt(i)]!;
    if (ends !== 0) {
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
