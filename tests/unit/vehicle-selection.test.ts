import {
  changeBrand,
  changeEngine,
  changeModel,
  EMPTY_CHOICE,
  fullName,
  isEngineSelectEnabled,
  isIdentified,
  isModelSelectEnabled,
  MAX_SELECT_OPTIONS,
  SELECT_THROTTLE_MS,
  submitChoice,
  VEHICLE_CODE,
  visibleOptions,
  type VehicleChoice,
} from '@/lib/vehicle/selection';

const renault = { code: 'piece_renault', name: 'Renault' };
const peugeot = { code: 'piece_peugeot', name: 'Peugeot' };
const clio = { code: 'piece_renault_clio-iv', name: 'Clio IV' };
const megane = { code: 'piece_renault_megane-iii', name: 'Mégane III' };
const dci = { code: 'piece_renault_clio-iv_1-5-dci-90', name: '1.5 dCi 90' };
const full: VehicleChoice = { brand: renault, model: clio, engine: dci };

describe('vehicle selection rules', () => {
  it('is identified only with brand, model and engine, named all together', () => {
    expect(isIdentified(full)).toBe(true);
    expect(isIdentified({ ...full, engine: null })).toBe(false);
    expect(fullName(full)).toBe('Renault Clio IV 1.5 dCi 90');
  });

  it('changing the brand clears model and engine; the same brand keeps them', () => {
    expect(changeBrand(full, peugeot)).toEqual({ brand: peugeot, model: null, engine: null });
    expect(changeBrand(full, null)).toEqual(EMPTY_CHOICE);
    expect(changeBrand(full, renault)).toBe(full);
  });

  it('changing the model clears the engine', () => {
    expect(changeModel(full, megane)).toEqual({ brand: renault, model: megane, engine: null });
    expect(changeModel(full, clio)).toBe(full);
    expect(changeEngine({ ...full, engine: null }, dci)).toEqual(full);
  });

  it('enables the model list only once models are loaded for the chosen brand (engines likewise)', () => {
    const brandOnly = { brand: renault, model: null, engine: null };
    expect(isModelSelectEnabled(brandOnly, null)).toBe(false);
    expect(isModelSelectEnabled(brandOnly, 'piece_peugeot')).toBe(false);
    expect(isModelSelectEnabled(brandOnly, 'piece_renault')).toBe(true);
    expect(isModelSelectEnabled(EMPTY_CHOICE, 'piece_renault')).toBe(false);
    expect(isEngineSelectEnabled({ ...brandOnly, model: clio }, 'piece_renault_clio-iv')).toBe(true);
    expect(isEngineSelectEnabled({ ...brandOnly, model: clio }, 'piece_renault_megane-iii')).toBe(false);
  });

  it('submitting stores all three, or resets with one missing', () => {
    expect(submitChoice(full)).toEqual({ store: full });
    expect(submitChoice({ ...full, model: null })).toEqual({ store: null });
  });

  it('shows at most 50 options, filtered without regard to accents or case; throttles typing by 300 ms', () => {
    expect(MAX_SELECT_OPTIONS).toBe(50);
    expect(SELECT_THROTTLE_MS).toBe(300);
    const many = Array.from({ length: 80 }, (_, i) => ({ code: `c${i}`, name: `Modèle ${i}` }));
    expect(visibleOptions(many, '')).toHaveLength(50);
    expect(visibleOptions([clio, megane], 'MEGANE')).toEqual([megane]);
    expect(visibleOptions([clio, megane], '  clio ')).toEqual([clio]);
  });

  it('accepts only vehicle taxon codes from clients', () => {
    expect(VEHICLE_CODE.test('piece_renault')).toBe(true);
    expect(VEHICLE_CODE.test('piece_renault_clio-iv_1-5-dci-90')).toBe(true);
    expect(VEHICLE_CODE.test('family_moteur')).toBe(false);
    expect(VEHICLE_CODE.test("piece_renault' OR 1=1")).toBe(false);
  });
});
