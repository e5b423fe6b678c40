// @vitest-environment jsdom
/**
 * The header's cart badge has one source after an add or a removal: the cart page they land on knows
 * the quantity and hands it over. Landing there does not ask /api/session again (that was a second
 * update, and one more shop-API call); pages where a session starts or ends still do.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CartQuantitySync } from '@/components/cart/cart-quantity-sync';
import { HeaderActions } from '@/components/layout/header-actions';
import { NavigationEvents } from '@/components/layout/navigation-events';

const navigation = vi.hoisted(() => ({ pathname: '/piece/P0000001/phare' }));
vi.mock('next/navigation', () => ({
  usePathname: () => navigation.pathname,
  useRouter: () => ({ prefetch: () => {} }),
}));
vi.mock('next-intl', () => ({ useTranslations: () => (key: string) => key }));
vi.mock('next/link', () => ({
  default: ({
    href,
    children,
    prefetch: _prefetch,
    ...props
  }: {
    href: string;
    prefetch?: boolean;
    children: ReactNode;
  }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));

const sessionReads = vi.fn(
  async () =>
    new Response(JSON.stringify({ authenticated: false, cartQuantity: 0 }), {
      headers: { 'content-type': 'application/json' },
    }),
);
beforeEach(() => {
  sessionReads.mockClear();
  vi.stubGlobal('fetch', sessionReads);
});
afterEach(() => vi.unstubAllGlobals());

function Shell({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <NavigationEvents />
      <HeaderActions />
      {children}
    </QueryClientProvider>
  );
}

describe('the cart badge', () => {
  it('takes the quantity from the cart page an add lands on, without reading the session again', async () => {
    navigation.pathname = '/piece/P0000001/phare';
    const client = new QueryClient();
    const { rerender } = render(<Shell client={client} />);
    await waitFor(() => expect(sessionReads).toHaveBeenCalledTimes(1));

    navigation.pathname = '/panier';
    rerender(
      <Shell client={client}>
        <CartQuantitySync quantity={1} />
      </Shell>,
    );
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('1'));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('1');
    expect(sessionReads).toHaveBeenCalledTimes(1);
  });

  it('is read again where a session starts or ends', async () => {
    navigation.pathname = '/connexion';
    const client = new QueryClient();
    const { rerender } = render(<Shell client={client} />);
    await waitFor(() => expect(sessionReads).toHaveBeenCalledTimes(1));
    navigation.pathname = '/compte';
    rerender(<Shell client={client} />);
    await waitFor(() => expect(sessionReads).toHaveBeenCalledTimes(2));
  });
});
