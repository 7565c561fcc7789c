/**
 * The matches of one text (see `WordAutomaton.match`): match i is `words[word[i]]`, found at
 * `begin[i]` up to `end[i]`. The arrays are the automaton's own and are overwritten by its next
 * match; `count` says how many of their entries this text's matches are.
 */
export interface WordMatches {
  count: number;
  begin: Int32Array;
  end: Int32Array;
  word: Int32Array;
}

const ROOT = 0;
const NONE = -1;
const UNITS = 0x10000;

/**
 * An Aho–Corasick automaton over a list of words, matching leftmost-longest as
 * `@monyone/aho-corasick`'s greedy variant does (the same trie, failure links and kept words, so
 * the same matches: a node that ends a word fails to the root, a node that ends none takes the word
 * of its failure node), but over typed arrays and UTF-16 code units: matching allocates nothing
 * per character (the library's `text[i]` made a string of each, and looked it up in a Map per
 * node). Words are numbered in the order given.
 */
export class WordAutomaton {
  readonly words: readonly string[];
  /**
   * A bit per code unit that occurs in some word: any other one sends the automaton back to its
   * root (8 KB, so a project's matcher stays small).
   */
  private readonly inWords = new Int32Array(UNITS >>> 5);
  /** The nodes' moves, open addressing keyed by (node, code unit). */
  private readonly moveNode: Int32Array;
  private readonly moveUnit: Uint16Array;
  private readonly moveTarget: Int32Array;
  private readonly moveMask: number;
  private readonly moveShift: number;
  private readonly failure: Int32Array;
  /** The word a node reports (its own or its failure node's), NONE if none. */
  private readonly reports: Int32Array;
  private readonly found: WordMatches = {
    count: 0,
    begin: new Int32Array(64),
    end: new Int32Array(64),
    word: new Int32Array(64),
  };

  constructor(words: readonly string[]) {
    this.words = words;
    // The moves, sized for the most nodes the words can make.
    let bits = 4;
    while (1 << bits < words.reduce((units, word) => units + word.length, 1) * 2) bits++;
    const size = 1 << bits;
    this.moveMask = size - 1;
    this.moveShift = 32 - bits;
    this.moveNode = new Int32Array(size).fill(NONE);
    this.moveUnit = new Uint16Array(size);
    this.moveTarget = new Int32Array(size);
    // The trie, each node's children also as a linked list (for the breadth-first walk).
    const unit = [0];
    const parent = [NONE];
    const firstChild = [NONE];
    const nextSibling = [NONE];
    const lastChild = [NONE];
    const own = [NONE];
    words.forEach((word, index) => {
      if (word === '') return;
      let node = ROOT;
      for (let i = 0; i < word.length; i++) {
        const code = word.charCodeAt(i);
        let next = this.move(node, code);
        if (next === NONE) {
          next = unit.length;
          unit.push(code);
          parent.push(node);
          firstChild.push(NONE);
          nextSibling.push(NONE);
          lastChild.push(NONE);
          own.push(NONE);
          if (lastChild[node] === NONE) firstChild[node] = next;
          else nextSibling[lastChild[node]!] = next;
          lastChild[node] = next;
          this.setMove(node, code, next);
          this.inWords[code >>> 5]! |= 1 << (code & 31);
        }
        node = next;
      }
      own[node] = index;
    });
    const nodes = unit.length;

    // Failure links breadth first, as the library builds them: a node's failure is found from its
    // parent's, so shallower nodes come first.
    this.failure = new Int32Array(nodes);
    this.reports = Int32Array.from(own);
    const queue = new Int32Array(nodes);
    let head = 0;
    let tail = 0;
    for (let child = firstChild[ROOT]!; child !== NONE; child = nextSibling[child]!)
      queue[tail++] = child;
    while (head < tail) {
      const node = queue[head++]!;
      if (own[node] === NONE) {
        const code = unit[node]!;
        let failure = parent[node] === ROOT ? NONE : this.failure[parent[node]!]!;
        while (failure !== NONE && this.move(failure, code) === NONE)
          failure = failure === ROOT ? NONE : this.failure[failure]!;
        failure = failure === NONE ? ROOT : this.move(failure, code);
        if (failure === NONE) failure = ROOT;
        this.failure[node] = failure;
        this.reports[node] = this.reports[failure]!;
      } else {
        this.failure[node] = ROOT;
      }
      for (let child = firstChild[node]!; child !== NONE; child = nextSibling[child]!)
        queue[tail++] = child;
    }
  }

  private slot(node: number, code: number): number {
    return Math.imul(Math.imul(code, 0x85ebca6b) ^ node, 0x9e3779b1) >>> this.moveShift;
  }

  private setMove(node: number, code: number, target: number): void {
    let slot = this.slot(node, code);
    while (this.moveNode[slot] !== NONE) slot = (slot + 1) & this.moveMask;
    this.moveNode[slot] = node;
    this.moveUnit[slot] = code;
    this.moveTarget[slot] = target;
  }

  /** Where a node moves on a code unit, NONE if it has no such move. */
  private move(node: number, code: number): number {
    const { moveNode, moveUnit, moveMask } = this;
    let slot = this.slot(node, code);
    for (;;) {
      const at = moveNode[slot]!;
      if (at === NONE) return NONE;
      if (at === node && moveUnit[slot] === code) return this.moveTarget[slot]!;
      slot = (slot + 1) & moveMask;
    }
  }

  /**
   * The leftmost-longest matches in a text, in order and without overlaps: a match found later
   * replaces those it overlaps that begin at or after its begin, and is dropped when it overlaps
   * an earlier-beginning one. The answer is overwritten by the next call.
   */
  match(text: string): WordMatches {
    const found = this.found;
    let count = 0;
    let state = ROOT;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if ((this.inWords[code >>> 5]! & (1 << (code & 31))) === 0) {
        state = ROOT;
        continue;
      }
      let next = this.move(state, code);
      while (next === NONE && state !== ROOT) {
        state = this.failure[state]!;
        next = this.move(state, code);
      }
      state = next === NONE ? ROOT : next;
      const word = this.reports[state]!;
      if (word === NONE) continue;
      const end = i + 1;
      const begin = end - this.words[word]!.length;
      while (count > 0 && found.end[count - 1]! > begin) {
        if (begin > found.begin[count - 1]!) break;
        count--;
      }
      if (count > 0 && found.end[count - 1]! > begin) continue;
      if (count === found.begin.length) grow(found);
      found.begin[count] = begin;
      found.end[count] = end;
      found.word[count] = word;
      count++;
    }
    found.count = count;
    return found;
  }
}

function grow(found: WordMatches): void {
  const bigger = (array: Int32Array) => {
    const next = new Int32Array(array.length * 2);
    next.set(array);
    return next;
  };
  found.begin = bigger(found.begin);
  found.end = bigger(found.end);
  found.word = bigger(found.word);
}
