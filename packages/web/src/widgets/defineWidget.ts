import type { WidgetDefinition } from './types';

/** Keeps a widget definition's data type checked while the registry holds them all alike. */
export function defineWidget<T>(definition: WidgetDefinition<T>): WidgetDefinition {
  return definition as WidgetDefinition;
}
