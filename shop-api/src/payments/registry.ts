/**
 * Every payment provider the shop knows, one folder each. Adding one: its folder under `payments/`
 * exporting a PaymentProviderDefinition, and one line here. The order is the order of the names in the
 * settings' messages.
 */
import type { PaymentProviderDefinition } from './definition.js';
import { sandboxDefinition } from './sandbox/definition.js';
import { stripeDefinition } from './stripe/definition.js';

export const PAYMENT_PROVIDERS: readonly PaymentProviderDefinition[] = [stripeDefinition, sandboxDefinition];

export function definitionNamed(
  registry: readonly PaymentProviderDefinition[],
  name: string,
): PaymentProviderDefinition | undefined {
  return registry.find((definition) => definition.name === name);
}

/**
 * The provider that takes no money (the sandbox): the default where no real one is configured. A
 * registry has exactly one (registry.test.ts).
 */
export function demonstrationProvider(registry: readonly PaymentProviderDefinition[]): PaymentProviderDefinition {
  const found = registry.find((definition) => !definition.realMoney);
  if (!found) throw new Error('the payment registry has no provider without real money');
  return found;
}
