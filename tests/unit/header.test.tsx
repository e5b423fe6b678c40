// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { HeaderActionsView } from '@/components/layout/header-actions';
import { hasBottomBorder } from '@/components/layout/header-shell';

vi.mock('next/link', () => ({
  default: ({
    href,
    children,
    prefetch: _prefetch,
    ...props
  }: {
    href: string;
    prefetch?: boolean;
    children: React.ReactNode;
  }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));
// The icons are IntentLinks, which prefetch through the app router; no router is mounted here.
vi.mock('next/navigation', () => ({ useRouter: () => ({ prefetch: () => {} }) }));

describe('header bottom border', () => {
  it('shows on /commande paths and on any scrolled page', () => {
    expect(hasBottomBorder('/commande', false)).toBe(true);
    expect(hasBottomBorder('/commande/livraison', false)).toBe(true);
    expect(hasBottomBorder('/pieces', true)).toBe(true);
    expect(hasBottomBorder('/pieces', false)).toBe(false);
    expect(hasBottomBorder('/commandes-en-gros', false)).toBe(false);
  });
});

describe('account and cart icons', () => {
  const labels = { account: 'Mon compte', cart: 'Panier' };

  it('links to /compte and /panier without badges for an anonymous empty visitor', () => {
    render(<HeaderActionsView authenticated={false} cartQuantity={0} labels={labels} />);
    expect(screen.getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/compte');
    expect(screen.getByRole('link', { name: 'Panier' })).toHaveAttribute('href', '/panier');
    expect(screen.queryByTestId('account-badge')).toBeNull();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('shows the account badge when authenticated and the quantity when above 0', () => {
    render(<HeaderActionsView authenticated cartQuantity={3} labels={labels} />);
    expect(screen.getByTestId('account-badge')).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
  });
});
