/**
 * What ECharts needs of the page to draw in happy-dom, which lays nothing out and has no 2D
 * canvas: elements of a widget's size, and a 2D context that keeps the texts drawn on each canvas
 * (it paints no pixels: `getImageData` reads a blank canvas), so that a test reads what a chart
 * shows.
 */

const drawn = new WeakMap<object, Set<string>>();
const contexts = new WeakMap<object, object>();

function recordingContext(canvas: object): object {
  const texts = new Set<string>();
  drawn.set(canvas, texts);
  const state: Record<string | symbol, unknown> = { canvas, font: '12px sans-serif' };
  const fontSize = () => Number(/([\d.]+)px/.exec(String(state.font))?.[1] ?? 12);
  const methods: Record<string, (...args: never[]) => unknown> = {
    measureText: (text: string) => ({ width: [...text].length * fontSize() }),
    fillText: (text: string) => texts.add(String(text)),
    strokeText: (text: string) => texts.add(String(text)),
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      width,
      height,
      data: new Uint8ClampedArray(Math.max(width * height * 4, 0)),
    }),
    createLinearGradient: () => ({ addColorStop() {} }),
    createRadialGradient: () => ({ addColorStop() {} }),
    createPattern: () => ({ setTransform() {} }),
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (target, key) =>
      key in target
        ? target[key]
        : typeof key === 'string' && key in methods
          ? methods[key]
          : // Paths, transforms, fills and strokes: nothing to paint.
            () => undefined,
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
}

interface HappyDomWindow {
  happyDOM: { settings: { canvasAdapter: unknown } };
}

/**
 * Lays every element out at `width` × `height` and gives every canvas a recording 2D context.
 * Call it before any chart module loads: the word cloud looks for a canvas when it is imported.
 */
export function installChartCanvas({ width, height }: { width: number; height: number }): void {
  Object.defineProperties(HTMLElement.prototype, {
    clientWidth: { configurable: true, get: () => width },
    clientHeight: { configurable: true, get: () => height },
  });
  (window as unknown as HappyDomWindow).happyDOM.settings.canvasAdapter = {
    getContext({ canvas }: { canvas: object }, type: string) {
      if (type !== '2d') return null;
      const context = contexts.get(canvas) ?? recordingContext(canvas);
      contexts.set(canvas, context);
      return context;
    },
    toDataURL: () => 'data:,',
    toBlob: (_caller: unknown, callback: (blob: null) => void) => callback(null),
  };
}

/** The texts drawn on the canvases inside an element, each once. */
export function textsDrawnIn(element: Element): string[] {
  return [
    ...new Set(
      [...element.querySelectorAll('canvas')].flatMap((canvas) => [...(drawn.get(canvas) ?? [])]),
    ),
  ];
}
