import {
  ACCOUNT_TYPES,
  MEDIA_LEVELS,
  MEDIA_PLATFORMS,
  MEDIA_PLATFORM_LABELS,
  PROVINCES,
  type FilterField,
  type OptionItem,
  type PathTreeNode,
  type Project,
} from '@yuqing/core';

const same = (value: string): OptionItem => ({ value, label: value });

/** A project path tree ({title, value, children}) as option items. */
export function pathTreeOptions(tree: readonly PathTreeNode[]): OptionItem[] {
  return tree.map((node) => ({
    value: node.value,
    label: node.title,
    ...(node.children?.length ? { children: pathTreeOptions(node.children) } : {}),
  }));
}

/**
 * The options a field has without a configured source: the business constants of spec 9 and
 * the project's own lists and trees.
 */
export function builtInOptions(field: FilterField, project: Project | undefined): OptionItem[] {
  switch (field) {
    case 'media_platform': {
      const names = new Map((project?.medias ?? []).map((media) => [media.code, media.name]));
      return MEDIA_PLATFORMS.map((code) => ({
        value: code,
        label: names.get(code) ?? MEDIA_PLATFORM_LABELS[code],
      }));
    }
    case 'media_type':
      return (project?.mediaTypes ?? []).map((type) => ({ value: type.code, label: type.name }));
    case 'tendency':
      return (project?.tendencies ?? []).map(same);
    case 'media_level':
      return MEDIA_LEVELS.map(same);
    case 'account_type':
      return ACCOUNT_TYPES.map(same);
    case 'province':
      return PROVINCES.map(same);
    case 'topic_paths':
      return pathTreeOptions(project?.topicPathsTree ?? []);
    case 'brand_paths':
      return pathTreeOptions(project?.brandPathsTree ?? []);
    default:
      return [];
  }
}

export const isTree = (options: readonly OptionItem[]) =>
  options.some((option) => option.children && option.children.length > 0);

/** Labels of values by walking the options (tree options included). */
export function labelsOf(options: readonly OptionItem[]): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (items: readonly OptionItem[]) => {
    for (const item of items) {
      labels.set(item.value, item.label);
      if (item.children) walk(item.children);
    }
  };
  walk(options);
  return labels;
}
