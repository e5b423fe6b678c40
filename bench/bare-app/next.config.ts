import type { NextConfig } from 'next';

// Same production settings as the shop's next.config.ts, nothing else.
const nextConfig: NextConfig = { poweredByHeader: false, reactStrictMode: true };
export default nextConfig;
