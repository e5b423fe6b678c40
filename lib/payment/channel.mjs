/**
 * The shop's sales channel in the shop contract (`/channels/WEB`), whose yard extension says which
 * payment provider the shop API opens payments with (decision 0029). Read by the storefront's code and
 * by `npm start` (scripts/start.mjs), which rebuilds the storefront when that answer changes.
 */
export const CHANNEL_PATH = 'channels/WEB';
