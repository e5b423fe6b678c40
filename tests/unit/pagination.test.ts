import { visiblePages } from '@/components/catalogue/pagination';
import { compatibilityLabel } from '@/lib/catalogue/compatibility';

describe('pagination', () => {
  it('shows first, last and two pages around the current one', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 5)).toEqual([1, 2, 3, 'gap', 5]);
    expect(visiblePages(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(visiblePages(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });
});

describe('compatibility line', () => {
  it('names the first vehicle and counts the others', () => {
    expect(compatibilityLabel([])).toBeNull();
    expect(
      compatibilityLabel([
        { code: 'a', fullName: 'Renault Clio IV 1.5 dCi 90' },
        { code: 'b', fullName: 'x' },
      ]),
    ).toEqual({ first: 'Renault Clio IV 1.5 dCi 90', more: 1 });
  });
});
