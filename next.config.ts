import type { NextConfig } from 'next';
import path from 'node:path';
import { withContentCollections } from '@content-collections/next';
import createNextIntlPlugin from 'next-intl/plugin';
import { STATIC_SECURITY_HEADERS } from './lib/security/headers';

// Messages are compiled at build time: the browser gets format-only code, not the ICU parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** Host of the shop API's images: the only remote origin the image optimizer accepts. */
const shopApiPublicUrl = new URL(process.env.SHOP_API_PUBLIC_URL || 'http://localhost:8000');
const isLoopback = ['localhost', '127.0.0.1', '[::1]'].includes(shopApiPublicUrl.hostname);

const nextConfig: NextConfig = {
  // Several instances of one build (start:cluster) name it: a browser holding pages of another build
  // gets a full load of the current one on its next navigation instead of broken chunks (skew protection).
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  // The end-to-end tests build into their own folder so they never replace the shop's build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Next hashes every response body in JavaScript to make an ETag, on every request, cached page or
  // not: that hash was most of the cost of serving a 120 KB listing from cache (bench (a)). Browsers
  // never reuse these HTML pages without asking, and a CDN keeps its own validators.
  generateEtags: false,
  reactStrictMode: true,
  // Next's cache without the 404s and redirects of made-up addresses, searches in memory only: what
  // it writes to disk is bounded by the catalogue, not by what visitors type. With REDIS_URL (several
  // storefronts), the same limits on a cache they share in Redis (decision 0036). Read at start.
  cacheHandler: path.resolve(
    process.env.REDIS_URL ? 'lib/cache/shared-page-cache-handler.mjs' : 'lib/cache/page-cache-handler.mjs',
  ),
  // The page cache's memory (an LRU in front of the disk). Next's 50 MB held a few hundred part pages:
  // past them every visit read the page from disk, several files each through the thread pool, which
  // under load took a cached part page about a second (npm run bench:load). Read at start, no rebuild.
  cacheMaxMemorySize: Number(process.env.PAGE_CACHE_MEMORY_MB || 256) * 1024 * 1024,
  // PDFKit reads its font metrics from files next to its code: it runs from node_modules, unbundled.
  // prom-client: the cache handler (unbundled) and /metrics count with one copy of it.
  serverExternalPackages: ['pdfkit', 'prom-client'],
  // Headers for every response; the CSP and HSTS of pages depend on run-time settings: proxy.ts.
  async headers() {
    return [{ source: '/:path*', headers: STATIC_SECURITY_HEADERS }];
  },
  // The payment step's former address, named after one provider (bookmarks, tabs left open, return
  // addresses): for good, with its query string.
  async redirects() {
    return [{ source: '/commande/stripe', destination: '/commande/paiement', permanent: true }];
  },
  images: {
    // Breakpoints; WebP only (AVIF encodes too slowly on a cold cache).
    deviceSizes: [320, 520, 640, 768, 1024, 1200, 1280, 1440, 1536],
    imageSizes: [64, 128, 256],
    formats: ['image/webp'],
    minimumCacheTTL: 31_536_000,
    remotePatterns: [
      {
        protocol: shopApiPublicUrl.protocol.replace(':', '') as 'http' | 'https',
        hostname: shopApiPublicUrl.hostname,
        port: shopApiPublicUrl.port,
        pathname: '/media/image/**',
      },
    ],
    // The embedded shop API serves images from loopback on a single machine.
    dangerouslyAllowLocalIP: isLoopback,
  },
};

// withContentCollections must wrap everything else.
export default withContentCollections(withNextIntl(nextConfig));
