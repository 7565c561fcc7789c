/** End a sentence: Chinese and Latin full stops, exclamation and question marks, semicolons. */
const SENTENCE_ENDERS = new Set('。！？!?;；\n…');
/** End a clause inside a sentence. */
const CLAUSE_ENDERS = new Set('，,、：:');

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
    const char = text[i]!;
    const sentenceEnder = SENTENCE_ENDERS.has(char);
    if (sentenceEnder || CLAUSE_ENDERS.has(char)) {
      inRun = true;
      endsSentence ||= sentenceEnder;
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
