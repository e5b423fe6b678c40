import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the vehicle selector (react-select inputs reached by their labels). */
export class VehicleSelectorPanel {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  field(label: 'Marque' | 'Modèle' | 'Motorisation') {
    return this.root.getByLabel(label, { exact: true });
  }

  async choose(label: 'Marque' | 'Modèle' | 'Motorisation', name: string) {
    const input = this.field(label);
    await expect(input).toBeEnabled();
    await input.click();
    await input.fill(name.slice(0, 4));
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  submit() {
    return this.root.getByRole('button', { name: /^(Valider|Modifier)$/ });
  }
}
