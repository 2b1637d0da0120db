import type { DomainRegistry, RegistrySection } from './DomainDocument.js';

/**
 * The function a document names in one section of a registry, or `undefined`.
 * Only the table's own properties count: `"toString"` or `"constructor"` never
 * resolve to what every object inherits.
 * @example
 * registryFunction({ checks: { pathClear } }, 'checks', 'pathClear'); // pathClear
 * registryFunction({ checks: {} }, 'checks', 'constructor'); // undefined
 */
export function registryFunction(registry: DomainRegistry, section: RegistrySection, name: string): ((...args: never[]) => unknown) | undefined {
  const table = registry[section] as Readonly<Record<string, unknown>> | undefined;
  if (table === undefined || table === null || typeof name !== 'string' || !Object.hasOwn(table, name)) return undefined;
  const f = table[name];
  return typeof f === 'function' ? (f as (...args: never[]) => unknown) : undefined;
}
