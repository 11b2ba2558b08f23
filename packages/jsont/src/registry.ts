import type { Formatter, Plugin, Predicate } from './plugin.js';

/** Formatters and predicates by name, merged from plugins (later plugins override earlier ones). */
export interface Registry {
  formatters: Map<string, Formatter>;
  predicates: Map<string, Predicate>;
}

export function buildRegistry(plugins: readonly Plugin[]): Registry {
  const formatters = new Map<string, Formatter>();
  const predicates = new Map<string, Predicate>();
  for (const plugin of plugins) {
    for (const [name, f] of Object.entries(plugin.formatters ?? {})) formatters.set(name, f);
    for (const [name, p] of Object.entries(plugin.predicates ?? {})) predicates.set(name, p);
  }
  return { formatters, predicates };
}

/** Exact name first; templates also spell names in other cases ('AbsUrl'), so fall back to lower case. */
export function find<T>(table: Map<string, T>, name: string): T | undefined {
  return table.get(name) ?? table.get(name.toLowerCase());
}
