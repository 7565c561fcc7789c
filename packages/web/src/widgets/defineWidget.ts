import type { ComponentType } from 'react';
import { preloadableLazy } from '../app/preloadableLazy';
import type { WidgetDefinition, WidgetViewProps } from './types';

interface WidgetDraw<T> {
  isEmpty?: (data: T) => boolean;
  /** Loads the view's chunk. */
  view: () => Promise<{ default: ComponentType<WidgetViewProps<T>> }>;
}

/** A widget type's definition: its view loaded lazily, once, whether preloaded or first drawn. */
export function defineWidget<T>({ isEmpty, view }: WidgetDraw<T>): WidgetDefinition<T> {
  const { Component, preload } = preloadableLazy(view);
  return { isEmpty, View: Component, preload };
}
